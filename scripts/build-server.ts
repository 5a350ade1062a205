// `npm run build` (after the web app): compiles the server once into apps/server/dist, so `npm start`
// runs plain JavaScript with node instead of compiling TypeScript through tsx on every start
// (issue 10 item 24; docs/decisions/0009-node-version-and-production-build.md).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverDist = path.join(repoRoot, 'apps/server/dist');

/**
 * Issue 17 item 6 (decision 0036): the packages are bundled too, so a start reads a few files instead
 * of resolving, reading and compiling some 1,100 package modules one by one (kysely, zod, fastify and their
 * dependencies): half the CPU a start costs. Kept as imports, loaded by node from node_modules:
 * - native modules (better-sqlite3; @node-rs/argon2), which load a .node file beside their source;
 * - react and react-dom, one copy shared with react-dom/server, which the PDF path loads lazily
 *   (core/lazy/lazy-require.ts) from node_modules: two copies of React break hooks;
 * - pino, whose transports start worker files found from its own __dirname;
 * - @fastify/cookie, which import()s the CommonJS `cookie` for its named exports: esbuild makes such
 *   a module a chunk with a default export only (the check after the build finds any other).
 * Packages loaded through lazyRequire (createRequire) are never seen by esbuild and stay lazy.
 */
const external = ['better-sqlite3', '@node-rs/argon2', 'react', 'react-dom', 'pino', '@fastify/cookie'];
const isExternal = (specifier: string) => external.some((name) => specifier === name || specifier.startsWith(`${name}/`));
const externalPackages: esbuild.Plugin = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (isExternal(args.path) ? { path: args.path, external: true } : undefined));
  },
};

export async function buildServer(outdir = serverDist): Promise<void> {
  // Chunk names carry content hashes: start empty so chunks of an older build do not pile up.
  fs.rmSync(outdir, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: repoRoot,
    // The server and the admin CLI (`node apps/server/dist/cli.js <command>`).
    entryPoints: { main: 'apps/server/src/main.ts', cli: 'apps/server/src/cli.ts' },
    outdir,
    // Chunks sit beside main.js, one folder below apps/server like src/ is, so paths made from
    // import.meta.url (app.ts's ../../web/dist, the fonts' require.resolve) mean the same thing.
    chunkNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    jsx: 'automatic',
    sourcemap: true,
    // Mappings only: stack traces name our files and lines without the sources' text held in memory.
    sourcesContent: false,
    plugins: [externalPackages],
    // Bundled CommonJS packages call require() for node's own modules and each other's externals.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    // Less to read and parse at each start (about 10 % of its CPU, 18 MiB less resident source).
    minifyWhitespace: true,
    logLevel: 'warning',
  });
  // A bundled package that import()s a CommonJS module gets only `default` where node gives the named
  // exports too (@fastify/cookie's `cookie`): fail here, not on the first request that needs it.
  for (const file of fs.readdirSync(outdir).filter((name) => name.endsWith('.js'))) {
    const code = fs.readFileSync(path.join(outdir, file), 'utf8');
    if (/(^|[;}])export default require_\w+\(\);?$/m.test(code))
      throw new Error(`${file} is a CommonJS module loaded by import(): make the package importing it external in scripts/build-server.ts`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer();
  console.log(`server built into ${path.relative(process.cwd(), serverDist) || '.'}`);
}

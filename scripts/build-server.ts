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
 * Packages from node_modules stay imports (node loads them, native modules and all); our workspace
 * packages (@guildhall/contracts, @guildhall/testkit) export TypeScript source, and the workspace
 * aliases of tsconfig.json's `paths` (`@server/`, `@/`) name our own files, so those are bundled.
 */
const bundled = /^(@guildhall\/|@server\/|@\/)/;
const externalNodeModules: esbuild.Plugin = {
  name: 'external-node-modules',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (bundled.test(args.path) ? undefined : { path: args.path, external: true }));
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
    plugins: [externalNodeModules],
    logLevel: 'warning',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer();
  console.log(`server built into ${path.relative(process.cwd(), serverDist) || '.'}`);
}

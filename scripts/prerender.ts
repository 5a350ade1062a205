// `npm run build`, after the web app's `vite build`: renders the public and first-visit pages to HTML
// (decision 0035), so they paint before their JavaScript has loaded, then hydrate. Each page is the
// built index.html with the page's markup in #root, its route chunk preloaded and its styles linked.
// The server (apps/server/src/app.ts) answers those paths with these files, the plain shell elsewhere.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import escapeHtml from 'escape-html';
import { build } from 'vite';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = path.join(repoRoot, 'apps/web');

/** A page to prerender and the module whose chunk draws it (Vite manifest key), preloaded with the page. */
export interface PrerenderedPage {
  path: string;
  chunk: string | null;
  /**
   * Decision 0039: its first screen waits for the server's answers (who is signed in, a list), so the
   * server draws it again for each request with those answers; the build's page is the fallback.
   */
  withData?: true;
}

/**
 * The public pages and the screens a first visit meets: the home page, the checker (001 §6 public),
 * the LINE mini-app's first screen (001 §2 /appointment), and the sign-in screens of the tools that
 * have their own (000 §2 recruitment, 002 §2 timetable, sports, portfolio). A page whose content
 * depends on the server's answers carries its loading state, as the browser's first render does.
 */
export const PRERENDERED_PAGES: PrerenderedPage[] = [
  { path: '/', chunk: null, withData: true },
  { path: '/bureau/checker', chunk: 'src/tools/bureau/routes.tsx' },
  { path: '/bureau/appointment', chunk: 'src/tools/appointments/routes.tsx' },
  { path: '/recruitment', chunk: 'src/tools/recruitment/routes.tsx', withData: true },
  { path: '/timetable', chunk: 'src/tools/timetable/routes.tsx', withData: true },
  { path: '/sports', chunk: 'src/tools/sports/routes.tsx' },
  { path: '/portfolio', chunk: 'src/tools/portfolio/routes.tsx' },
  // 001 §2 records tool: staff only, so its first screen is who is signed in (decision 0039).
  { path: '/bureau/records', chunk: 'src/tools/bureau/routes.tsx', withData: true },
  // Issue 17 item 1: the bureau's other pages a person opens by address (staff: the lookup; members:
  // the verification center), drawn the same way: their sign-in, or their first screen.
  { path: '/bureau/lookup', chunk: 'src/tools/bureau/routes.tsx', withData: true },
  { path: '/bureau/verify', chunk: 'src/tools/bureau/routes.tsx', withData: true },
  // The bot API document (public): drawn with the OpenAPI document the server publishes.
  { path: '/bureau/bot-api', chunk: 'src/tools/bureau/routes.tsx', withData: true },
  // The staff calendar and its booking rules (issue 15 items 3, 5), and the owner console (issue 12
  // item 7): their sign-in, decided from who is signed in alone.
  { path: '/bureau/appointments', chunk: 'src/tools/appointments/routes.tsx', withData: true },
  { path: '/bureau/appointments/settings', chunk: 'src/tools/appointments/routes.tsx', withData: true },
  { path: '/admin', chunk: 'src/admin/routes.tsx', withData: true },
  // 001 §2's mini-app routes that Guildhall does not have say so (an old link's first visit).
  { path: '/bureau/application', chunk: 'src/tools/appointments/routes.tsx' },
  { path: '/bureau/time', chunk: 'src/tools/appointments/routes.tsx' },
  { path: '/bureau/oldregis', chunk: 'src/tools/appointments/routes.tsx' },
  // Pages with an id in their path (a `:name` segment): only drawn per request, with the path asked for
  // (a staff member's link to one person's infractions or lookup opens on its sign-in, or its answers).
  { path: '/bureau/records/:discordId/infractions', chunk: 'src/tools/bureau/routes.tsx', withData: true },
  { path: '/bureau/lookup/:type/:id', chunk: 'src/tools/bureau/routes.tsx', withData: true },
];

/** A path with a `:name` segment stands for many pages: it is drawn per request, never served as built. */
export const isPathPattern = (pagePath: string) => pagePath.split('/').some((segment) => segment.startsWith(':'));

/** Where the pages go inside the built web app, and the index the server reads. */
export const PRERENDERED_DIR = 'prerendered';
export const PRERENDERED_INDEX = 'pages.json';
/**
 * Decision 0039: the pages the server draws per request, `{ module, pages: { path: template } }`; a
 * template is the page's HTML with `RENDER_OUTLET` where the markup goes. The module is
 * prerender-entry.tsx built for Node with every package inside, so it runs wherever the build is.
 */
const RENDERED_INDEX = 'rendered.json';
const RENDER_OUTLET = '<!--guildhall-page-->';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The chunk files and style sheets a module needs, beyond what the entry (already in index.html) loads. */
function chunkClosure(manifest: Manifest, key: string, seen = new Set<string>()): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    const chunk = manifest[k];
    if (!chunk) throw new Error(`The Vite manifest has no ${k}`);
    js.push(chunk.file);
    css.push(...(chunk.css ?? []));
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return { js, css };
}

export async function prerender(distDir = path.join(webRoot, 'dist')): Promise<void> {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => (manifest[k] as ManifestChunk & { isEntry?: boolean }).isEntry);
  if (!entryKey) throw new Error('The Vite manifest names no entry');
  const entrySeen = new Set<string>();
  chunkClosure(manifest, entryKey, entrySeen);
  const shell = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const entryCss = [...shell.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]!);
  if (!shell.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>');

  // The same source built for Node: React renders the routes as the browser would. Inside
  // node_modules, so the build's imports of packages resolve.
  const cacheDir = path.join(repoRoot, 'node_modules', '.cache');
  fs.mkdirSync(cacheDir, { recursive: true });
  const ssrDir = fs.mkdtempSync(path.join(cacheDir, 'guildhall-prerender-'));
  try {
    await build({
      configFile: path.join(webRoot, 'vite.config.ts'),
      logLevel: 'warn',
      // Decision 0039: the server loads this module from the build folder, which may sit outside the
      // repository (the bench's temp folder), so it carries its packages rather than import them.
      ssr: { noExternal: true },
      build: {
        ssr: 'src/prerender-entry.tsx',
        outDir: ssrDir,
        emptyOutDir: true,
        sourcemap: false,
        manifest: false,
        rollupOptions: { output: { entryFileNames: 'prerender-entry.mjs', inlineDynamicImports: true } },
      },
    });
    const entry = (await import(pathToFileURL(path.join(ssrDir, 'prerender-entry.mjs')).href)) as {
      renderPage(pathname: string): Promise<string>;
    };

    const outDir = path.join(distDir, PRERENDERED_DIR);
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.mkdirSync(outDir);
    const index: Record<string, string> = {};
    const rendered: Record<string, string> = {};
    for (const page of PRERENDERED_PAGES) {
      const markup = await entry.renderPage(page.path);
      const needs = page.chunk ? chunkClosure(manifest, page.chunk, new Set(entrySeen)) : { js: [], css: [] };
      // The page's styles inline (a style sheet on another request holds the first paint a round trip
      // or more); the route's chunks preloaded after the content, fetched beside the entry instead of
      // after it has run. In <head> they held the checker's first paint 0.1-0.2 s on the mobile profile
      // (issue 17 item 1: 1.6-1.8x the one-file reference there, 1.06x here).
      const styles = [...new Set([...entryCss, ...needs.css])].map((file) => fs.readFileSync(path.join(distDir, file), 'utf8'));
      const head = `<style>${styles.join('\n').replace(/<\/style/gi, '<\\/style')}</style>`;
      const preloads = needs.js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
      const template = shell
        .replace(/\s*<link rel="stylesheet"[^>]*>/g, '')
        .replace('</head>', `  ${head}\n  </head>`)
        .replace('<div id="root"></div>', `<div id="root" data-prerendered="${escapeHtml(page.path)}">${RENDER_OUTLET}</div>${preloads}`);
      const name = page.path === '/' ? 'home' : page.path.slice(1).replace(/\//g, '-').replace(/:/g, '_');
      fs.writeFileSync(
        path.join(outDir, `${name}.html`),
        template.replace(RENDER_OUTLET, () => markup),
      );
      if (!isPathPattern(page.path)) index[page.path] = `${name}.html`;
      if (page.withData) {
        fs.writeFileSync(path.join(outDir, `${name}.template.html`), template);
        rendered[page.path] = `${name}.template.html`;
      }
    }
    fs.writeFileSync(path.join(outDir, PRERENDERED_INDEX), `${JSON.stringify(index, null, 2)}\n`);
    fs.copyFileSync(path.join(ssrDir, 'prerender-entry.mjs'), path.join(outDir, 'render.mjs'));
    fs.writeFileSync(path.join(outDir, RENDERED_INDEX), `${JSON.stringify({ module: 'render.mjs', pages: rendered }, null, 2)}\n`);
    console.log(`prerendered ${Object.keys(index).length} pages: ${Object.keys(index).join(' ')}`);
    console.log(`drawn per request: ${Object.keys(rendered).join(' ')}`);
  } finally {
    fs.rmSync(ssrDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await prerender(process.argv[2]);

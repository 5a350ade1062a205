import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const here = path.dirname(fileURLToPath(import.meta.url));

// Issue 10 item 24: a build is a production build whatever NODE_ENV the shell has (under
// NODE_ENV=development Vite bundled React's development build, 720 KB instead of 495 KB). Vite reads
// process.env.NODE_ENV after the config hooks, as its own warning about NODE_ENV in .env files advises.
const productionBuild: Plugin = {
  name: 'guildhall-production-build',
  apply: 'build',
  config() {
    process.env.NODE_ENV = 'production';
  },
};

// In development the server runs apart (`npm run dev -w @guildhall/server`); Vite forwards every
// server-owned path to it, the same paths app.ts keeps away from the SPA fallback.
const serverUrl = process.env.GUILDHALL_SERVER_URL ?? 'http://localhost:3000';
const toServer = { target: serverUrl, changeOrigin: false, xfwd: true };
// Tool APIs: /<tool>/api/... and the appointment worker /bureau/worker/... (ARCHITECTURE.md §1); not
// the app's own modules under /src/api/, which Vite serves (the page never loaded when they went to
// the server).
const toolApis = '^/(?!src/)[^/]+/(api|worker)(/|$)';

export default defineConfig({
  root: here,
  plugins: [productionBuild, react()],
  // tsconfig.json's `@/*` alias (issue 11 item 6).
  resolve: { alias: [{ find: /^@\//, replacement: `${path.join(here, 'src')}/` }] },
  build: {
    outDir: path.join(here, 'dist'),
    emptyOutDir: true,
    // ARCHITECTURE.md §7: hashed files under /assets are served immutable by app.ts.
    assetsDir: 'assets',
    sourcemap: true,
    target: 'es2022',
    // Decision 0035: scripts/prerender.ts reads which chunks and styles each prerendered route needs.
    manifest: true,
    rollupOptions: {
      output: {
        // Name each tool's chunk after the tool (tool-bureau-<hash>.js) so the per-tool split is visible.
        chunkFileNames(chunk) {
          const tool = chunk.facadeModuleId?.match(/[\\/]tools[\\/]([^\\/]+)[\\/]routes\.tsx$/)?.[1];
          return tool ? `assets/tool-${tool}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  server: {
    proxy: {
      '^/api(/|$)': toServer,
      '^/auth(/|$)': toServer,
      '^/healthz$': toServer,
      [toolApis]: toServer,
    },
  },
  preview: { proxy: { '^/api(/|$)': toServer, '^/auth(/|$)': toServer, [toolApis]: toServer } },
});

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = path.dirname(fileURLToPath(import.meta.url));
// The workspace aliases of tsconfig.json's `paths` (issue 11 item 6), for every project.
const resolve = {
  alias: [
    { find: /^@\//, replacement: `${path.join(here, 'apps/web/src')}/` },
    { find: /^@server\//, replacement: `${path.join(here, 'apps/server/src')}/` },
  ],
};

// Unit tests (`*.test.ts`) run alone; web component tests (`*.test.tsx`) run in a DOM; integration
// tests (`*.int.test.ts`) talk to real databases and real local HTTP fakes, so they are named apart
// (cal.com's lesson); each file's tests run in order, two files at a time.
export default defineConfig({
  test: {
    // Two at a time (VITEST_MAX_WORKERS to change it): the two cores of the machine tests run on.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    minWorkers: 1,
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          include: ['apps/*/src/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        resolve,
        // Issue 11 item 7: the web's components rendered for real in a browser-like DOM (happy-dom) with
        // Testing Library, so a UI rule fails here in seconds rather than in the e2e run.
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web-components',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test-support/setup-component-tests.ts'],
        },
      },
      {
        resolve,
        test: {
          name: 'integration',
          include: ['apps/*/src/**/*.int.test.ts', 'packages/*/src/**/*.int.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two files at a time: each PostgreSQL test database is its own schema and every server a
          // test starts takes a free port, so files do not meet; on two cores this halves the step.
          pool: 'forks',
          poolOptions: { forks: { singleFork: false } },
        },
      },
    ],
  },
});

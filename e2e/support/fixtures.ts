import { test as base, expect } from '@playwright/test';
import { startStack, type Stack } from './stack';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export interface GuildhallWorkerFixtures {
  /** The real server and its fakes, started once per worker (see stack.ts). */
  stack: Stack;
}

export interface GuildhallTestFixtures {
  /** URLs off this machine the page tried to load; the test fails if there are any. */
  externalRequests: string[];
}

/**
 * Import `test` and `expect` from here in every journey. `baseURL` points at this worker's server,
 * so `page.goto('/bureau/checker')` just works.
 */
export const test = base.extend<GuildhallTestFixtures, GuildhallWorkerFixtures>({
  stack: [
    async ({}, use) => {
      const stack = await startStack();
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],

  baseURL: async ({ stack }, use) => {
    await use(stack.baseUrl);
  },

  // ARCHITECTURE.md §3: the product loads nothing from a CDN, and no test may reach the internet.
  // Every request that leaves the loopback interface is refused and reported.
  externalRequests: [
    async ({ context }, use) => {
      const external: string[] = [];
      await context.route(
        (url) => (url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'ws:') && !LOOPBACK.has(url.hostname),
        async (route) => {
          external.push(route.request().url());
          await route.abort('blockedbyclient');
        },
      );
      await use(external);
      expect(external, 'the page tried to reach the internet').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

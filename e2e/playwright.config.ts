import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS } from '../apps/server/src/core/documents/document-service';
import { defineConfig } from '@playwright/test';

// One id per run, shared with the workers through the environment, so results of people running
// e2e at the same time never land in (or get wiped from) the same folder.
const runId = (process.env.GUILDHALL_E2E_RUN_ID ??= `${Date.now()}-${process.pid}`);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: path.join(os.tmpdir(), `guildhall-e2e-${runId}`, 'results'),
  // Two workers by default (each runs its own server): journeys mostly wait on the browser and the
  // network, so two files at a time pay even on two cores. E2E_WORKERS=1 for a busy machine.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // CI runs on a loaded 2-core machine; a journey that passes on its second try is reported as
  // flaky (and counted in the summary) rather than failing the whole run.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    // ARCHITECTURE.md §3: Debian's Chromium; Playwright never downloads a browser here.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // The same flags the server's document printer uses (without them Chromium stalls on this network).
      args: ['--headless', ...CHROMIUM_ARGS],
    },
    locale: 'en-GB',
    timezoneId: 'UTC',
    colorScheme: 'light',
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium' }],
});

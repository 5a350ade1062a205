import path from 'node:path';
import type { Page } from '@playwright/test';
import { repoRoot } from './stack';

/** e2e/.screenshots/ (git-ignored): pictures of each journey for people to look at. */
export const screenshotDir = path.join(repoRoot, 'e2e', '.screenshots');

/** Saves a full-page screenshot as e2e/.screenshots/<name>.png and returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  const file = path.join(screenshotDir, `${name}.png`);
  // Fonts are bundled and load asynchronously; wait so the picture shows the real faces.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

/** A 390px-wide phone (the width of common phones, ARCHITECTURE.md §9: mobile first). */
export const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

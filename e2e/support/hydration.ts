import type { Page } from '@playwright/test';

/**
 * Waits until React owns the page. A prerendered page (scripts/prerender.ts) shows its controls before
 * its JavaScript has run; a key press or click that lands before hydration does nothing (or submits a
 * form natively). React marks each node it owns with a fiber key.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const first = document.querySelector('#root > *');
    return first !== null && Object.keys(first).some((key) => key.startsWith('__reactFiber$'));
  });
}

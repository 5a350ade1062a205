import type { Page } from '@playwright/test';

// 002 §4: the Soviet desktop's boot, refusal and welcome screens last a few hundred ms at ?timeScale=10,
// which a loaded machine can pass between two of Playwright's polls (they come 0.5-1 s apart). The
// page itself records what it shows, from the moment each screen appears.

export interface SovietStage {
  stage: string;
  /** The last text the stage showed (a stage may draw its lines one by one). */
  text: string;
}

/** Starts recording every stage the Soviet screen shows; call before turning Soviet mode on. */
export async function recordSovietStages(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: Array<{ stage: string; text: string }> = [];
    (window as unknown as { sovietStages: typeof seen }).sovietStages = seen;
    const record = () => {
      const screen = document.querySelector<HTMLElement>('[data-testid="soviet"]');
      const stage = screen?.dataset.stage;
      if (!screen || !stage) return;
      const text = screen.textContent ?? '';
      const last = seen.at(-1);
      if (last?.stage === stage) last.text = text;
      else seen.push({ stage, text });
    };
    new MutationObserver(record).observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-stage'],
    });
  });
}

/** The stages recorded so far, in the order shown. */
export function sovietStages(page: Page): Promise<SovietStage[]> {
  return page.evaluate(() => (window as unknown as { sovietStages: Array<{ stage: string; text: string }> }).sovietStages);
}

/**
 * The text of the next alert the Soviet screen shows (the refused log-in, 300 ms at 10x). Start it
 * before the click that brings the alert, and await it after.
 */
export function nextSovietAlert(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        new MutationObserver((_, observer) => {
          const alert = document.querySelector('[data-testid="soviet"] [role="alert"]');
          if (!alert) return;
          observer.disconnect();
          resolve(alert.textContent ?? '');
        }).observe(document.body, { childList: true, subtree: true });
      }),
  );
}

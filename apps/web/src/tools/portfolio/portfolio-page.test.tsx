import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { ALERT_LINES, PortfolioPage } from './portfolio-page';

// 002 §2, §4 Portfolio fake computer. `?timeScale=1000` (lib/scaled-clock.ts): the boot takes 3 ms,
// an alert line 2 ms, the 300 s countdown 300 ms.
describe('002 §2 portfolio fake computer', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/portfolio?timeScale=1000');
    fakeServer({ 'GET /portfolio/api/config': () => [200, { password: 'open-sesame' }] });
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  const stage = () => screen.getByTestId('portfolio').getAttribute('data-stage');

  async function powerOnAndLogIn(password: string) {
    await userEvent.click(screen.getByRole('button', { name: 'Power on' }));
    const field = await screen.findByLabelText('Password');
    await waitFor(() => expect(field).toBeEnabled());
    await userEvent.type(field, password);
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
  }

  /**
   * The alert lines the screen added and removed, change by change: what it committed even for one
   * frame (an observer's callback alone sees only the last state of a burst of changes).
   */
  function recordLines(): { added: number[]; removed: number } {
    const seen = { added: [] as number[], removed: 0 };
    const lines = (nodes: NodeList) =>
      [...nodes].reduce(
        (sum, node) => sum + (node instanceof Element ? (node.matches('li') ? 1 : node.querySelectorAll('li').length) : 0),
        0,
      );
    new MutationObserver((records) => {
      for (const record of records) {
        if (lines(record.addedNodes) > 0) seen.added.push(lines(record.addedNodes));
        seen.removed += lines(record.removedNodes);
      }
    }).observe(screen.getByTestId('portfolio'), { childList: true, subtree: true });
    return seen;
  }

  it('a second wrong password plays the 8 lines one by one and the countdown again (002 §4)', async () => {
    renderWithApp(<PortfolioPage />);
    await powerOnAndLogIn('wrong');
    await waitFor(() => expect(stage()).toBe('off'), { timeout: 3000 });

    const seen = recordLines();
    await powerOnAndLogIn('wrong again');
    expect(stage()).toBe('alert');
    await waitFor(() => expect(stage()).toBe('countdown'));
    expect(screen.getByTestId('portfolio-countdown')).toHaveTextContent(/^System reset in 0[45]:\d\d$/);
    // One line at a time, never the last run's eight drawn at once and taken back.
    expect(seen).toEqual({ added: ALERT_LINES.map(() => 1), removed: 0 });
    await waitFor(() => expect(stage()).toBe('off'), { timeout: 3000 });
  });

  it('the ticking countdown is outside the alert, as a timer, so it is not read out every second', async () => {
    renderWithApp(<PortfolioPage />);
    await powerOnAndLogIn('wrong');
    await waitFor(() => expect(stage()).toBe('countdown'));
    const alert = screen.getByRole('alert');
    expect(within(alert).getAllByRole('listitem')).toHaveLength(ALERT_LINES.length);
    expect(alert).not.toHaveTextContent('System reset');
    expect(screen.getByRole('timer')).toHaveTextContent(/^System reset in \d\d:\d\d$/);
  });

  it('focus goes to the dashboard heading after the login, and to Power on after End Session', async () => {
    renderWithApp(<PortfolioPage />);
    await powerOnAndLogIn('open-sesame');
    expect(screen.getByRole('heading', { name: 'Further development is pending approval...' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'End Session' }));
    expect(stage()).toBe('off');
    expect(screen.getByRole('button', { name: 'Power on' })).toHaveFocus();
  });

  it('after the countdown resets the computer, focus is on Power on again, not lost to the page', async () => {
    renderWithApp(<PortfolioPage />);
    // The first screen takes no focus of its own.
    expect(screen.getByRole('button', { name: 'Power on' })).not.toHaveFocus();
    await powerOnAndLogIn('wrong');
    await waitFor(() => expect(stage()).toBe('off'), { timeout: 3000 });
    expect(screen.getByRole('button', { name: 'Power on' })).toHaveFocus();
  });
});

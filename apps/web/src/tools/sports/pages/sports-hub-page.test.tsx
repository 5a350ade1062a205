import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { SportsHubPage } from './sports-hub-page';

const config = { sovietStudentId: '68961917', levelPrefixes: { morton: ['6896'], morplai: ['6898'] }, timeZone: 'Asia/Bangkok' };

describe('002 §2 sports hub, the Soviet toggle', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/sports?timeScale=1000');
    fakeServer({ 'GET /sports/api/config': () => [200, config] });
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('while the Soviet screen covers the page, what is behind it is inert (Tab stays on the Soviet screen)', async () => {
    // The app shell around the page, as shell/app-layout.tsx draws it.
    renderWithApp(
      <div className="shell">
        <a href="#main">Skip to content</a>
        <header>
          <a href="/">Guildhall</a>
        </header>
        <main id="main">
          <SportsHubPage />
        </main>
      </div>,
    );
    const behind = () => [screen.getByText('Skip to content'), screen.getByText('Guildhall')];
    expect(behind().filter((link) => link.closest('[inert]'))).toEqual([]);

    await userEvent.click(screen.getByLabelText('Soviet mode ☭'));
    const soviet = screen.getByTestId('soviet');
    expect(behind().every((link) => link.closest('[inert]'))).toBe(true);
    expect(soviet.closest('[inert]')).toBeNull();

    await waitFor(() => expect(soviet).toHaveAttribute('data-stage', 'login'));
    await userEvent.click(screen.getByRole('button', { name: 'Turn off Soviet mode' }));
    expect(screen.queryByTestId('soviet')).toBeNull();
    expect(behind().filter((link) => link.closest('[inert]'))).toEqual([]);
    expect(screen.getByLabelText('Student ID').closest('[inert]')).toBeNull();
    // Focus goes back to the toggle that turned it on (it fell to the page's body).
    expect(screen.getByLabelText('Soviet mode ☭')).toHaveFocus();
  });
});

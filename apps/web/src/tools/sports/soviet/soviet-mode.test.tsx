import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Route, fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { schoolI18n } from '@/lib/i18n/school-i18n';
import { storeSession } from '../lib/session';
import { SovietMode } from './soviet-mode';

// 002 §2, §4 the Soviet sequence. `?timeScale=1000` (lib/scaled-clock.ts) runs its screens in ms.
const config = { sovietStudentId: '68961917', levelPrefixes: { morton: ['6896'], morplai: ['6898'] }, timeZone: 'Asia/Bangkok' };
const comrade = { token: 't0k', role: 'student', userId: 1, studentId: '68961917', email: null } as const;

function renderSoviet(login: Route = () => [401, { error: 'Invalid credentials.', code: 'invalid_credentials' }]) {
  fakeServer({ 'GET /sports/api/config': () => [200, config], 'POST /sports/api/login': login });
  renderWithApp(<SovietMode onExit={vi.fn()} onLoadFailure={vi.fn()} onLogout={vi.fn()} />);
}

const stage = () => screen.getByTestId('soviet').getAttribute('data-stage');

async function logIn(password: string) {
  await waitFor(() => expect(stage()).toBe('login'));
  const field = screen.getByLabelText(schoolI18n.language === 'th' ? 'รหัสผ่าน' : 'Password');
  await waitFor(() => expect(field).toBeEnabled());
  await userEvent.type(field, `${password}{Enter}`);
}

describe('002 §2 Soviet mode', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/sports?timeScale=1000');
  });
  afterEach(async () => {
    window.history.replaceState(null, '', '/');
    await schoolI18n.changeLanguage('en');
  });

  it('a session ended elsewhere (another tab) brings back the Soviet login, not an empty desktop', async () => {
    storeSession(comrade, true);
    renderSoviet();
    expect(stage()).toBe('desktop');
    expect(screen.getByRole('list', { name: 'Desktop' })).toBeInTheDocument();
    // Another tab's logout: its storage event reaches this one.
    act(() => {
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: 'authToken' }));
    });
    expect(stage()).toBe('login');
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn off Soviet mode' })).toBeInTheDocument();
  });

  it('the redirect progress ticks outside any live region, so a reader does not announce every 1% (002 §4)', async () => {
    renderSoviet(() => [200, comrade]);
    // Every frame the progress screen commits: is its percent inside a live region, is the bar there?
    const frames: Array<{ live: boolean; bar: boolean }> = [];
    const soviet = screen.getByTestId('soviet');
    new MutationObserver(() => {
      const percent = [...soviet.querySelectorAll('p')].find((p) => /^\d+%$/.test(p.textContent ?? ''));
      if (percent)
        frames.push({
          live: percent.closest('[role="status"], [role="alert"], [role="log"], [aria-live]') !== null,
          bar: screen.queryByRole('progressbar', { name: 'Redirect progress' }) !== null,
        });
    }).observe(soviet, { childList: true, subtree: true, characterData: true });
    await logIn('comrade');
    await waitFor(() => expect(stage()).toBe('desktop'), { timeout: 3000 });
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.filter((frame) => frame.live || !frame.bar)).toEqual([]);
  });

  it('a wrong password is the gulag (002 §4 failed login)', async () => {
    renderSoviet();
    await logIn('capitalism');
    expect(await screen.findByRole('alert')).toHaveTextContent('INCORRECT PASSWORD. TICKET TO GULAG HAS BEEN ISSUED.');
  });

  it('while sign-ins are throttled it says to wait, not that the password is wrong', async () => {
    const throttled: Route = () => [
      429,
      {
        error: 'Too many failed sign-ins for this student ID. Please wait and try again.',
        code: 'sign_in_throttled',
        details: { retryAfterSeconds: 60 },
      },
    ];
    renderSoviet(throttled);
    await logIn('the right one');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many failed sign-ins. Please wait 60 seconds and try again.');
    expect(stage()).toBe('login');
    expect(screen.queryByText(/INCORRECT PASSWORD/)).toBeNull();

    await act(() => schoolI18n.changeLanguage('th'));
    expect(screen.getByRole('alert')).toHaveTextContent('กรุณารอ 60 วินาทีแล้วลองอีกครั้ง');
  });
});

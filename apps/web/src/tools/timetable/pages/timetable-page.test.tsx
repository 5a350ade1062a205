import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_THAI_DAY_NAMES } from '@guildhall/contracts/timetable-rules';
import { LANGUAGE_STORAGE_KEY, schoolI18n } from '@/lib/i18n/school-i18n';
import { fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { TimetablePage } from './timetable-page';

// Issue 16 item 1: the timetable speaks the reader's language (the browser's first language, then the
// remembered EN / ไทย switch), keeps <html lang> in step, and its English is 002's.
const signedOut = () =>
  fakeServer({
    'GET /timetable/api/config': () => [
      200,
      { termStart: '2025-10-13', timeZone: 'Asia/Bangkok', weekStartsOn: 1, dayNames: [...DEFAULT_THAI_DAY_NAMES], serverNow: Date.now() },
    ],
    'GET /timetable/api/me': () => [401, { error: 'Sign in first.', code: 'unauthenticated' }],
  });

const browserLanguages = (languages: string[]) => vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);

beforeEach(async () => {
  localStorage.clear();
  await act(() => schoolI18n.changeLanguage('en'));
  document.documentElement.lang = 'en';
});
afterEach(() => vi.restoreAllMocks());

describe('timetable in Thai and English', () => {
  it('speaks English, 002 word for word, to an English browser', async () => {
    browserLanguages(['en-GB', 'th']);
    signedOut();
    renderWithApp(<TimetablePage />);
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Student ID' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'EN' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.lang).toBe('en');
  });

  it('speaks Thai to a Thai browser, and the switch changes the texts and is remembered', async () => {
    browserLanguages(['th-TH', 'en']);
    signedOut();
    const first = renderWithApp(<TimetablePage />);
    expect(await screen.findByRole('heading', { name: 'เข้าสู่ระบบ' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'รหัสนักเรียน' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ไทย' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.lang).toBe('th');

    await userEvent.click(screen.getByRole('button', { name: 'EN' }));
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Student ID' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');

    // Remembered over the browser's language on the next visit.
    first.unmount();
    await act(() => schoolI18n.changeLanguage('th'));
    renderWithApp(<TimetablePage />);
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'EN' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the required-field messages in the language on screen', async () => {
    browserLanguages(['en']);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    signedOut();
    renderWithApp(<TimetablePage />);
    await userEvent.click(await screen.findByRole('button', { name: 'เข้าสู่ระบบ' }));
    expect(screen.getByRole('textbox', { name: 'รหัสนักเรียน' })).toHaveAccessibleDescription('กรุณากรอกรหัสนักเรียน');
    await userEvent.click(screen.getByRole('button', { name: 'EN' }));
    expect(screen.getByRole('textbox', { name: 'Student ID' })).toHaveAccessibleDescription('Student ID is required.');
  });
});

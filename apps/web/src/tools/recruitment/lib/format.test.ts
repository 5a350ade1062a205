import { describe, expect, it } from 'vitest';
import { formatPeriod, formatSettingDate, isAcceptingApplications, isUrlAnswer, textColorOn } from './format';
import { MESSAGES, loginFailureNote, submitFailureText, uploadFailureText } from './messages';
import { ApiError } from '@/lib/api-client';

describe('recruitment formatting (000 §2, §9)', () => {
  it('formats dates en-GB and the period with Now / Indefinite', () => {
    expect(formatSettingDate('2026-03-09')).toBe('09/03/2026');
    expect(formatSettingDate('N/A')).toBeNull();
    expect(formatPeriod('N/A', 'N/A')).toBe('Now – Indefinite');
    expect(formatPeriod('2026-03-09', '2026-04-30')).toBe('09/03/2026 – 30/04/2026');
  });
  it('recognises uploaded-file answers as links', () => {
    expect(isUrlAnswer('/recruitment/api/uploads/0000/cv.pdf')).toBe(true);
    expect(isUrlAnswer('https://example.org/x')).toBe(true);
    expect(isUrlAnswer('I like trains')).toBe(false);
  });
  it('applies the same window rule as the server', () => {
    const now = Date.parse('2026-05-02T23:00:00Z');
    expect(isAcceptingApplications({ applicationsOpen: 'true', applicationStartDate: 'N/A', applicationEndDate: '2026-05-02' }, now)).toBe(
      true,
    );
    expect(isAcceptingApplications({ applicationsOpen: 'true', applicationStartDate: '2026-05-03', applicationEndDate: 'N/A' }, now)).toBe(
      false,
    );
    expect(isAcceptingApplications(null, now)).toBe(false);
  });
  it('picks readable text on stage colours', () => {
    expect(textColorOn('#6c757d')).toBe('#ffffff');
    expect(textColorOn('#ffc107')).toBe('#1b1f24');
  });
  it('words failures as 000 §8 does', () => {
    expect(uploadFailureText(new ApiError(415, 'Nope.'))).toBe('Upload Failed: Upload failed: Nope.');
    expect(uploadFailureText(new ApiError(0, 'offline'))).toBe(MESSAGES.uploadUnknown);
    expect(submitFailureText(new ApiError(409, 'You have already submitted an application.'))).toBe(
      'Error: You have already submitted an application.',
    );
    expect(submitFailureText(new ApiError(0, 'offline'))).toBe('An error occurred while submitting your application.');
  });
  it('explains a Discord sign-in that was cancelled or did not finish, and nothing else', () => {
    expect(loginFailureNote('?login=cancelled')?.title).toBe('Discord sign-in was cancelled.');
    expect(loginFailureNote('?login=failed')?.title).toBe('Discord sign-in did not complete.');
    expect(loginFailureNote('?login=<script>')).toBeNull();
    expect(loginFailureNote('')).toBeNull();
  });
});

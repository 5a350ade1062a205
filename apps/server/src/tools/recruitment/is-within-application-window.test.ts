import { describe, expect, it } from 'vitest';
import { isWithinApplicationWindow } from './is-within-application-window';

const at = (iso: string) => Date.parse(iso);

describe('isWithinApplicationWindow (000 §2, §4)', () => {
  it.each([
    ['closed', { applicationsOpen: 'false', applicationStartDate: 'N/A', applicationEndDate: 'N/A' }, '2026-05-01T12:00:00Z', false],
    [
      'open with no dates (Now to Indefinite)',
      { applicationsOpen: 'true', applicationStartDate: 'N/A', applicationEndDate: 'N/A' },
      '2026-05-01T12:00:00Z',
      true,
    ],
    [
      'before the start day',
      { applicationsOpen: 'true', applicationStartDate: '2026-05-02', applicationEndDate: 'N/A' },
      '2026-05-01T23:59:59Z',
      false,
    ],
    [
      'on the start day',
      { applicationsOpen: 'true', applicationStartDate: '2026-05-02', applicationEndDate: 'N/A' },
      '2026-05-02T00:00:00Z',
      true,
    ],
    [
      'on the last day (inclusive)',
      { applicationsOpen: 'true', applicationStartDate: 'N/A', applicationEndDate: '2026-05-02' },
      '2026-05-02T23:59:59Z',
      true,
    ],
    [
      'after the end day',
      { applicationsOpen: 'true', applicationStartDate: 'N/A', applicationEndDate: '2026-05-02' },
      '2026-05-03T00:00:00Z',
      false,
    ],
    [
      'empty dates count as N/A',
      { applicationsOpen: 'true', applicationStartDate: '', applicationEndDate: '' },
      '2026-05-03T00:00:00Z',
      true,
    ],
  ] as const)('%s', (_name, settings, now, expected) => {
    expect(isWithinApplicationWindow(settings, at(now))).toBe(expected);
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THAI_DAY_NAMES } from '@guildhall/contracts/timetable-rules';
import { fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { withStylesheet } from '@/test-support/with-stylesheet';
import { SubjectSummary } from './subject-summary';

const config = { termStart: '2025-10-13', timeZone: 'Asia/Bangkok', weekStartsOn: 1, dayNames: [...DEFAULT_THAI_DAY_NAMES], serverNow: 0 };
const longWord = 'https://classroom.example/assignment/'.padEnd(180, 'x');

/** The stylesheet the timetable ships with. */
const withTimetableStyles = () => withStylesheet(import.meta.url, '../pages/timetable-page.css');

describe('002 §2 Subject Summary', () => {
  it('wraps a note or a subject name of one long word rather than widening the page at 390 px (decision 0057)', async () => {
    withTimetableStyles();
    fakeServer({
      'GET /timetable/api/overrides/all': () => [
        200,
        [
          {
            subject_name: `Maths${longWord}`,
            subject_code: 'MA101',
            week_start_date: '2025-10-20',
            day_of_week: 1,
            status: 'Cancelled',
            notes: longWord,
          },
        ],
      ],
    });
    renderWithApp(<SubjectSummary config={config} />);
    // The old stylesheet let the note's grid column grow to the word: the page was 1,748 px wide at 390 px.
    expect(getComputedStyle(await screen.findByText(longWord)).overflowWrap).toBe('anywhere');
    expect(getComputedStyle(screen.getByText(`Maths${longWord} (MA101)`).closest('summary')!).overflowWrap).toBe('anywhere');
  });
});

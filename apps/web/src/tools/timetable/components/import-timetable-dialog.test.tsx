import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { ImportTimetableDialog } from './import-timetable-dialog';

const CSV = 'subject_code,subject_name,day_of_week,start_time,end_time,room\nMA,Maths,1,08:30,09:20,101\n';

describe('timetable CSV import dialog', () => {
  it('opens again with no file chosen and Import off: the earlier file is not sent unseen (it replaced the timetable)', async () => {
    const server = fakeServer({ 'POST /timetable/api/schedule/import': () => [200, { added: 1, updated: 0, removed: 0 }] });
    renderWithApp(<ImportTimetableDialog />);
    await userEvent.click(screen.getByRole('button', { name: 'Import timetable (CSV)' }));
    await userEvent.upload(screen.getByLabelText(/^CSV file/), new File([CSV], 'week.csv', { type: 'text/csv' }));
    expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled();
    await userEvent.click(screen.getAllByRole('button', { name: 'Close' }).find((b) => b.textContent === 'Close')!);

    await userEvent.click(screen.getByRole('button', { name: 'Import timetable (CSV)' }));
    expect((screen.getByLabelText(/^CSV file/) as HTMLInputElement).files).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(server.calls).toEqual([]);
  });
});

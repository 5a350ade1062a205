import { fireEvent, screen } from '@testing-library/react';
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

describe('timetable CSV import: what the page says', () => {
  const open = async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Import timetable (CSV)' }));
    return screen.getByLabelText(/^CSV file/);
  };

  it('imports once on a double click of Import, and shows that import’s counts (the second said "0 added, 1 updated")', async () => {
    let imported = false;
    let answer = () => {};
    const server = fakeServer({
      // The first import is held open until the test lets it go, as a real one takes a moment.
      'POST /timetable/api/schedule/import': async () => {
        const counts = imported ? { added: 0, updated: 1, removed: 0 } : { added: 1, updated: 0, removed: 0 };
        if (!imported) await new Promise<void>((resolve) => (answer = resolve));
        imported = true;
        return [200, counts];
      },
    });
    renderWithApp(<ImportTimetableDialog />);
    await userEvent.upload(await open(), new File([CSV], 'week.csv', { type: 'text/csv' }));
    // Two clicks in one go, before React draws the button busy (a quick double click in a browser).
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer();
    expect(await screen.findByText('1 added, 0 updated, 0 removed.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(server.calls[0]!.body).toEqual({ csv: CSV });
    expect(screen.getByText('1 added, 0 updated, 0 removed.')).toBeInTheDocument();
  });

  it('says an empty file is empty, with Import off and nothing sent', async () => {
    const server = fakeServer({});
    renderWithApp(<ImportTimetableDialog />);
    await userEvent.upload(await open(), new File([], 'empty.csv', { type: 'text/csv' }));
    expect(screen.getByText('The CSV file is empty.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(server.calls).toEqual([]);
  });

  it('says a file over the limit is too large (the server said "The request body is too large."), nothing sent', async () => {
    const server = fakeServer({});
    renderWithApp(<ImportTimetableDialog />);
    await userEvent.upload(await open(), new File([CSV, 'x'.repeat(5 * 1024 * 1024)], 'big.csv', { type: 'text/csv' }));
    expect(screen.getByText('The CSV file is too large: at most 256 KB.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    // A file the right size again takes the sentence away.
    await userEvent.upload(screen.getByLabelText(/^CSV file/), new File([CSV], 'week.csv', { type: 'text/csv' }));
    expect(screen.queryByText(/too large/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled();
    expect(server.calls).toEqual([]);
  });

  it("shows the server's refusal of a file, in its words", async () => {
    const error = 'Line 3: this class overlaps the class on line 2 (09:00-10:00) that day.';
    fakeServer({
      'POST /timetable/api/schedule/import': () => [
        400,
        { error, code: 'invalid_input', details: { reason: 'csv_overlap', line: 3, earlier: 2, start: '09:00', end: '10:00' } },
      ],
    });
    renderWithApp(<ImportTimetableDialog />);
    await userEvent.upload(await open(), new File([CSV], 'week.csv', { type: 'text/csv' }));
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('The file was not imported')).toBeInTheDocument();
    expect(screen.getByText(error)).toBeInTheDocument();
  });
});

import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THAI_DAY_NAMES } from '@guildhall/contracts/timetable-rules';
import { fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { HomeworkManager } from './homework-manager';

const config = {
  termStart: '2025-10-13',
  timeZone: 'Asia/Bangkok',
  weekStartsOn: 1,
  dayNames: [...DEFAULT_THAI_DAY_NAMES],
  serverNow: Date.now(),
};

describe('002 §2 homework manager', () => {
  it('adds homework once on a double click of the form’s submit (it made two)', async () => {
    const server = fakeServer({
      'POST /timetable/api/homework': ({ body }) => [
        201,
        { id: 1, homework_id: 'HW-1', details: '', status: 'Pending', ...(body as object), created_at: 1, updated_at: 1 },
      ],
      'GET /timetable/api/homework': () => [200, []],
    });
    renderWithApp(<HomeworkManager config={config} homework={[]} subjects={[{ code: 'ENG', name: 'English' }]} />);
    await userEvent.click(screen.getAllByRole('button', { name: 'Add Homework' })[0]!);
    const form = await screen.findByRole('form', { name: 'Add homework' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Title' }), 'Essay');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Subject' }), 'ENG');
    fireEvent.change(within(form).getByLabelText('Due date'), { target: { value: '2026-12-01' } });
    fireEvent.change(within(form).getByLabelText('Due time'), { target: { value: '10:00' } });
    // Two submits in one go, before React draws the button busy (a quick double click in a browser).
    fireEvent.submit(form);
    fireEvent.submit(form);
    await expect.poll(() => server.calls.filter((c) => c.method === 'POST').length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});

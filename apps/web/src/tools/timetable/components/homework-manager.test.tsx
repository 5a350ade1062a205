import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Homework } from '@guildhall/contracts/timetable';
import { fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { useHomework } from '../api/get-homework';
import { HomeworkManager } from './homework-manager';
import { TEST_SCHOOL_CONFIG, testHomework } from '../lib/test-timetable';

describe('002 §2 homework manager', () => {
  it('adds homework once on a double click of the form’s submit (it made two)', async () => {
    const server = fakeServer({
      'POST /timetable/api/homework': ({ body }) => [
        201,
        { id: 1, homework_id: 'HW-1', details: '', status: 'Pending', ...(body as object), created_at: 1, updated_at: 1 },
      ],
      'GET /timetable/api/homework': () => [200, []],
    });
    renderWithApp(<HomeworkManager config={TEST_SCHOOL_CONFIG} homework={[]} subjects={[{ code: 'ENG', name: 'English' }]} />);
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

  it('edits naming the item as the form opened it; refused as changed elsewhere, a second save keeps that change (decision 0057)', async () => {
    const item = testHomework(7, { homework_id: 'HW-7K2P9Q', title: 'Essay', due_date: '2026-12-01' });
    // Another tab marked it done after this page loaded it.
    const doneElsewhere = { ...item, status: 'Mark As Done' };
    let puts = 0;
    const server = fakeServer({
      'PUT /timetable/api/homework/7': ({ body }) =>
        puts++ === 0
          ? [
              409,
              {
                code: 'conflict',
                error: 'This homework was changed in another tab or window since you opened it. Look at it again, then save.',
                details: { reason: 'homework_changed' },
              },
            ]
          : [200, { ...doneElsewhere, ...(body as object) }],
      'GET /timetable/api/homework': () => [200, [doneElsewhere]],
    });
    renderWithApp(<HomeworkManager config={TEST_SCHOOL_CONFIG} homework={[item]} subjects={[{ code: 'ENG', name: 'English' }]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Essay' }));
    const form = await screen.findByRole('form', { name: 'Edit homework' });
    const title = within(form).getByRole('textbox', { name: 'Title' });
    await userEvent.clear(title);
    await userEvent.type(title, 'Essay (final)');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));

    const { id: _id, ...opened } = item;
    await expect.poll(() => server.calls.filter((c) => c.method === 'PUT').length).toBe(1);
    // The old page sent no `expected`, and the server put the old status back over the Done.
    expect(server.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      title: 'Essay (final)',
      status: 'Pending',
      expected: opened,
    });
    // Said in the form, beside its buttons (a toast covered them at 390 px), not in a toast.
    expect(await within(form).findByRole('alert')).toHaveTextContent(/changed in another tab or window/);
    expect(document.querySelector('.ui-toast__title')).toBeNull();

    // The list is read again; the form keeps the typed title and takes the Done it did not touch.
    await expect.poll(() => server.calls.filter((c) => c.method === 'GET').length).toBe(1);
    await expect.poll(() => (within(form).getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('Mark As Done');
    expect(title).toHaveValue('Essay (final)');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await expect.poll(() => server.calls.filter((c) => c.method === 'PUT').length).toBe(2);
    expect(server.calls.filter((c) => c.method === 'PUT')[1]!.body).toMatchObject({
      title: 'Essay (final)',
      status: 'Mark As Done',
      expected: { ...opened, status: 'Mark As Done' },
    });
  });
});

describe('focus after an item leaves the list (decision 0057)', () => {
  const essay = testHomework(9, { homework_id: 'HW-9ZZZZZ', title: 'Essay', due_date: '2099-12-01' });
  const reading = { ...essay, id: 10, homework_id: 'HW-AAAAAA', title: 'Reading' };
  /** The manager as the page draws it: from the homework query, so a refresh redraws the list. */
  function Live() {
    const homework = useHomework();
    return homework.data ? (
      <HomeworkManager config={TEST_SCHOOL_CONFIG} homework={homework.data} subjects={[{ code: 'ENG', name: 'English' }]} />
    ) : null;
  }

  it.each([
    ['deleting it', 'Delete Essay', true],
    ['marking it done (All Pending hides done work)', 'Mark Essay done', false],
  ])('keeps focus in the homework manager after %s (it fell to the page body)', async (_what, button, confirm) => {
    let list: Homework[] = [essay, reading];
    fakeServer({
      'GET /timetable/api/homework': () => [200, list],
      'DELETE /timetable/api/homework/9': () => ((list = [reading]), [200, { ok: true }]),
      'POST /timetable/api/homework/9/done': () => ((list = [{ ...essay, status: 'Mark As Done' }, reading]), [200, list[0]]),
    });
    renderWithApp(<Live />);
    await userEvent.click(await screen.findByRole('button', { name: button }));
    if (confirm) await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Essay')).toBeNull());
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
    expect(screen.getByTestId('homework-list-region')).toContainElement(document.activeElement as HTMLElement);
  });
});

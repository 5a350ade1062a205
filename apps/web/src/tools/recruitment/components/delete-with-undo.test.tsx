import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { DeleteWithUndo } from './delete-with-undo';

describe('issue 13 item 3: delete with confirmation and undo', () => {
  it('asks first, deletes with 000’s call, then Undo restores it', async () => {
    const server = fakeServer({
      'POST /recruitment/api/roles/7/delete': () => [200, { success: true }],
      'POST /recruitment/api/roles/7/restore': () => [200, { success: true }],
    });
    renderWithApp(<DeleteWithUndo list="roles" id={7} name="Signaller" />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete role Signaller' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete role “Signaller”?' });
    expect(dialog).toHaveTextContent('Applications for this role keep the role name they were made for.');
    expect(server.calls).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await screen.findAllByText('Deleted role “Signaller”.')).length).toBeGreaterThan(0);
    expect(server.calls.map((c) => c.path)).toEqual(['/recruitment/api/roles/7/delete']);
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect((await screen.findAllByText('Restored role “Signaller”.')).length).toBeGreaterThan(0);
    expect(server.calls.map((c) => c.path)).toEqual(['/recruitment/api/roles/7/delete', '/recruitment/api/roles/7/restore']);
    // Restored: the Deleted toast and its Undo go, as there is nothing left to undo.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument());
    expect(screen.queryAllByText('Deleted role “Signaller”.')).toHaveLength(0);
  });

  it('a failed restore keeps the Deleted toast, so Undo can be tried again', async () => {
    let restores = 0;
    fakeServer({
      'POST /recruitment/api/roles/7/delete': () => [200, { success: true }],
      'POST /recruitment/api/roles/7/restore': () =>
        ++restores === 1 ? [503, { error: 'The database is busy.' }] : [200, { success: true }],
    });
    renderWithApp(<DeleteWithUndo list="roles" id={7} name="Signaller" />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete role Signaller' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect((await screen.findAllByText(/The database is busy\./)).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect((await screen.findAllByText('Restored role “Signaller”.')).length).toBeGreaterThan(0);
    expect(restores).toBe(2);
  });

  it('a double click on Undo restores once (the second answered "There is no such role" beside "Restored")', async () => {
    const server = fakeServer({
      'POST /recruitment/api/roles/7/delete': () => [200, { success: true }],
      'POST /recruitment/api/roles/7/restore': () => [200, { success: true }],
    });
    renderWithApp(<DeleteWithUndo list="roles" id={7} name="Signaller" />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete role Signaller' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await userEvent.dblClick(await screen.findByRole('button', { name: 'Undo' }));
    expect((await screen.findAllByText('Restored role “Signaller”.')).length).toBeGreaterThan(0);
    expect(server.calls.filter((c) => c.path.endsWith('/restore'))).toHaveLength(1);
  });

  it('Cancel deletes nothing', async () => {
    const server = fakeServer({});
    renderWithApp(<DeleteWithUndo list="stages" id={3} name="Interview" />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete stage Interview' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });
});

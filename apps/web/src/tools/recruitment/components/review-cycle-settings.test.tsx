import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Route, fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { ReviewCycleSettings } from './review-cycle-settings';

const settings = {
  applicationsOpen: 'true',
  applicationStartDate: 'N/A',
  applicationEndDate: 'N/A',
  globalProcessAnnouncement: '',
  globalProcessLastUpdatedAt: '',
  blindReview: 'false',
  blindHideApplicant: 'false',
  reapplyCooldownDays: '',
  stageWaitDays: '3',
};

function dashboard(extra: Record<string, Route>) {
  return fakeServer({
    'GET /recruitment/api/settings': () => [200, settings],
    'GET /recruitment/api/roles': () => [200, [{ id: 4, name: 'Officer' }]],
    'GET /recruitment/api/criteria': () => [200, []],
    ...extra,
  });
}

describe('issue 13 items 1, 6: Reviews and Reminders, Review Criteria', () => {
  it('sends the digest once on a double click of Send Digest Now (the team got two)', async () => {
    const server = dashboard({ 'POST /recruitment/api/digest/send': () => [200, { waiting: 2, sent: true }] });
    renderWithApp(<ReviewCycleSettings />);
    const button = await screen.findByRole('button', { name: 'Send Digest Now' });
    // Two clicks in one go, before React draws the button busy (a quick double click in a browser).
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText('Digest sent: 2 waiting applications.')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path === '/recruitment/api/digest/send')).toHaveLength(1);
  });

  it('adds one criterion on a double click of Add Criterion (it made two of one name)', async () => {
    const server = dashboard({ 'POST /recruitment/api/criteria/create': () => [200, { id: 9 }] });
    renderWithApp(<ReviewCycleSettings />);
    await screen.findByRole('heading', { name: 'Officer' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Officer');
    await userEvent.type(screen.getByRole('textbox', { name: 'New criterion' }), 'Fit');
    const button = screen.getByRole('button', { name: 'Add Criterion' });
    fireEvent.click(button);
    fireEvent.click(button);
    await expect.poll(() => screen.getByRole('textbox', { name: 'New criterion' })).toHaveValue('');
    const creates = server.calls.filter((c) => c.path === '/recruitment/api/criteria/create');
    expect(creates.map((c) => c.body)).toEqual([{ roleId: '4', name: 'Fit' }]);
  });

  it('asks before deleting a criterion (one stray click hid every score given on it)', async () => {
    let criteria = [{ id: 7, roleId: 4, name: 'Fit' }];
    const server = dashboard({
      'GET /recruitment/api/criteria': () => [200, criteria],
      'POST /recruitment/api/criteria/7/delete': () => ((criteria = []), [200, { success: true }]),
    });
    renderWithApp(<ReviewCycleSettings />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete criterion Fit of Officer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete criterion “Fit” of Officer?' });
    expect(dialog).toHaveTextContent('Scores reviewers gave on it are no longer shown.');
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Fit')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete criterion Fit of Officer' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted criterion “Fit”.')).toBeInTheDocument();
    expect(await screen.findByText('No criteria: reviews of this role are a vote and a comment.')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/recruitment/api/criteria/7/delete']);
  });
});

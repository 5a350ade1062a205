import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { SettingsTab } from './settings-tab';

const saved = {
  applicationsOpen: 'true',
  applicationStartDate: 'N/A',
  applicationEndDate: 'N/A',
  globalProcessAnnouncement: 'Interviews on Friday.',
  globalProcessLastUpdatedAt: '',
  blindReview: 'false',
  blindHideApplicant: 'false',
  reapplyCooldownDays: '',
  stageWaitDays: '3',
};

/** The settings tab against a server where another admin has meanwhile saved `theirs`. */
function settingsTab(theirs: Partial<typeof saved>) {
  let current = { ...saved };
  const server = fakeServer({
    'GET /recruitment/api/settings': () => [200, current],
    'GET /recruitment/api/stages': () => [200, []],
    'GET /recruitment/api/roles': () => [200, []],
    'GET /recruitment/api/questions': () => [200, []],
    'GET /recruitment/api/criteria': () => [200, []],
    'POST /recruitment/api/settings/update': ({ body }) => {
      const { key, value } = body as { key: keyof typeof saved; value: string };
      current = { ...current, ...theirs, [key]: value };
      return [200, current];
    },
  });
  renderWithApp(<SettingsTab />);
  return server;
}

describe('000 §2 Settings: a field saved with its own button keeps what the admin is typing', () => {
  it('keeps the announcement being typed when another setting is saved and says another admin saved theirs', async () => {
    settingsTab({ globalProcessAnnouncement: 'Interviews moved to Monday.' });
    const field = await screen.findByRole('textbox', { name: 'Global announcement' });
    await userEvent.clear(field);
    await userEvent.type(field, 'Results next week.');
    // Closing applications answers every setting, with the other admin's announcement in it.
    await userEvent.click(screen.getByRole('switch'));
    expect(await screen.findByText('Applications are Closed')).toBeInTheDocument();
    expect(await screen.findByText(/Another admin saved a different announcement\. Saving will replace it\./)).toBeInTheDocument();
    expect(field).toHaveValue('Results next week.');

    await userEvent.click(screen.getByRole('button', { name: 'Load their announcement' }));
    expect(field).toHaveValue('Interviews moved to Monday.');
    expect(screen.queryByText(/Another admin saved/)).not.toBeInTheDocument();
  });

  it('keeps a number of days being typed when the other days setting is saved', async () => {
    const server = settingsTab({ stageWaitDays: '5' });
    const wait = await screen.findByRole('textbox', { name: /Days in a stage/ });
    await userEvent.clear(wait);
    await userEvent.type(wait, '7');
    await userEvent.type(screen.getByRole('textbox', { name: /Reapply cooldown/ }), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Save Cooldown' }));
    expect(await screen.findByText('Saved: 30 days.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Reapply cooldown/ })).toHaveValue('30');
    expect(wait).toHaveValue('7');
    expect(screen.getByText(/Another admin saved a different number of days\./)).toBeInTheDocument();
    // Saving it replaces theirs, and the note goes.
    await userEvent.click(screen.getByRole('button', { name: 'Save Reminder' }));
    expect(await screen.findByText('Saved: 7 days.')).toBeInTheDocument();
    expect(screen.queryByText(/Another admin saved/)).not.toBeInTheDocument();
    const updates = server.calls.filter((c) => c.path === '/recruitment/api/settings/update').map((c) => c.body);
    expect(updates).toEqual([
      { key: 'reapplyCooldownDays', value: '30' },
      { key: 'stageWaitDays', value: '7' },
    ]);
  });
});

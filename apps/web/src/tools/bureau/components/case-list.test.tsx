import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CaseAnswer, CaseType } from '@guildhall/contracts/bureau';
import { type Answer, fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { CaseList } from './case-list';

const labels: Record<CaseType, string> = { note: 'Note', warn: 'Warning', mute: 'Mute', kick: 'Kick', ban: 'Ban', unban: 'Unban' };
const item: CaseAnswer = {
  platform: 'Roblox',
  subjectId: '1200004',
  id: 1_795_000_000_000,
  date: '2026-11-20T10:00:00.000Z',
  moderator: 'registrar.rose',
  reason: 'Spam',
  note: null,
  case: { number: 7, type: 'warn', typeLabel: 'Warning', expiresAt: null, expired: false, hidden: false, notes: [] },
};

describe('issue 14 item 2: a case card', () => {
  it("drops the last failure's sentence when the next action starts: it stayed on screen after a success", async () => {
    const answers: Answer[] = [
      [500, { error: 'Something went wrong on our side. Try again.', code: 'internal' }],
      [200, item],
    ];
    fakeServer({ 'PATCH /bureau/api/cases/7': () => answers.shift()! });
    renderWithApp(<CaseList cases={[item]} labels={labels} />);
    const hide = screen.getByRole('button', { name: 'Hide from checker' });
    await userEvent.click(hide);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side. Try again.');
    await userEvent.click(hide);
    await expect.poll(() => answers.length).toBe(0);
    await expect.poll(() => screen.queryByRole('alert')).toBeNull();
  });

  /** The card as the staff page keeps it: the case may be replaced by a live update (another staff member's change). */
  function LiveCard({ first, next }: { first: CaseAnswer; next: CaseAnswer }) {
    const [shown, setShown] = useState(first);
    return (
      <>
        <button onClick={() => setShown(next)}>Live update</button>
        <CaseList cases={[shown]} labels={labels} />
      </>
    );
  }

  it("amends from the case as shown now, and sends only what was changed: a colleague's newer reason was put back", async () => {
    const server = fakeServer({ 'PATCH /bureau/api/cases/7': () => [200, item] });
    renderWithApp(<LiveCard first={{ ...item, reason: 'Original reason' }} next={{ ...item, reason: 'Corrected by colleague' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Live update' }));
    await userEvent.click(screen.getByRole('button', { name: 'Amend' }));
    const form = screen.getByRole('form', { name: 'Amend case No. 7' });
    expect(within(form).getByLabelText('Reason')).toHaveValue('Corrected by colleague');
    await userEvent.selectOptions(within(form).getByLabelText('Type'), 'mute');
    await userEvent.click(within(form).getByRole('button', { name: 'Save amendment' }));
    await expect.poll(() => server.calls.length).toBe(1);
    expect(server.calls[0]!.body).toEqual({ type: 'mute' });
  });

  it('ends the expiry when the type becomes one that does not expire (the server refused the amendment)', async () => {
    const server = fakeServer({ 'PATCH /bureau/api/cases/7': () => [200, item] });
    const expiring = { ...item, case: { ...item.case, type: 'ban' as const, typeLabel: 'Ban', expiresAt: Date.UTC(2030, 0, 1) } };
    renderWithApp(<CaseList cases={[expiring]} labels={labels} />);
    await userEvent.click(screen.getByRole('button', { name: 'Amend' }));
    const form = screen.getByRole('form', { name: 'Amend case No. 7' });
    await userEvent.selectOptions(within(form).getByLabelText('Type'), 'kick');
    await userEvent.click(within(form).getByRole('button', { name: 'Save amendment' }));
    await expect.poll(() => server.calls.length).toBe(1);
    expect(server.calls[0]!.body).toEqual({ type: 'kick', expiresAt: null });
  });
});

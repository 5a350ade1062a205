import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CaseAnswer, CaseType, PersonLookupAnswer } from '@guildhall/contracts/bureau';
import { type Answer, fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { usePersonLookup } from '../api/look-up-person';
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

  // Decision 0069: a reason or note of blank lines only showed as an empty row; a run of them, all of them.
  it("shows a reason of blank lines only as 'N/A', and a run of blank lines in a note as one", () => {
    renderWithApp(
      <CaseList
        cases={[{ ...item, reason: '\n \n\u200b\n', note: `Seen at spawn${'\n'.repeat(40)}Again at the depot\n\n` }]}
        labels={labels}
      />,
    );
    const values = Array.from(document.querySelectorAll('dd'), (dd) => dd.textContent);
    expect(values).toContain('N/A');
    expect(values).toContain('Seen at spawn\n\nAgain at the depot');
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
    expect(server.calls[0]!.body).toEqual({
      type: 'mute',
      // What the form opened with (the colleague's reason): the server refuses the amendment if it changed since.
      expected: { type: 'warn', moderator: 'registrar.rose', reason: 'Corrected by colleague', expiresAt: null },
    });
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
    expect(server.calls[0]!.body).toMatchObject({ type: 'kick', expiresAt: null });
  });

  /** The cases as the staff page reads them: from the lookup, which the amend hook reads again. */
  function LookedUpCases() {
    const person = usePersonLookup({ type: 'roblox', id: '1200004' });
    return person.data ? <CaseList cases={person.data.infractions} labels={labels} /> : <p>Loading</p>;
  }
  const personWith = (c: CaseAnswer): PersonLookupAnswer => ({
    discordId: null,
    robloxId: c.subjectId,
    paired: false,
    profiles: { discord: null, roblox: null },
    ban: null,
    infractions: [c],
    history: [],
    caseTypeLabels: labels,
  });
  const STALE = 'Someone else changed this case since you opened it. Reload to see their change, then amend again.';

  // Issue 14 item 2, lost update: B amended the reason in another tab; A's page still showed the old
  // one, and A's amendment silently replaced B's. The server now refuses it (409): the page says so,
  // reads the case again to show B's change, and keeps what A typed.
  it('says a colleague changed the case (409), reads the list again to show their change, and keeps the typing', async () => {
    const colleagues = { ...item, reason: 'Corrected by colleague' };
    const lookups = [personWith(item), personWith(colleagues)];
    const patches: Answer[] = [
      [409, { error: STALE, code: 'conflict' }],
      [200, { ...item, reason: 'Spam, three links' }],
    ];
    const server = fakeServer({
      'GET /bureau/api/lookup': () => [200, lookups.length > 1 ? lookups.shift() : lookups[0]],
      'PATCH /bureau/api/cases/7': () => patches.shift()!,
    });
    renderWithApp(<LookedUpCases />);
    await userEvent.click(await screen.findByRole('button', { name: 'Amend' }));
    const form = screen.getByRole('form', { name: 'Amend case No. 7' });
    const reason = within(form).getByLabelText('Reason');
    await userEvent.clear(reason);
    await userEvent.type(reason, 'Spam, three links');
    await userEvent.click(within(form).getByRole('button', { name: 'Save amendment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(STALE);
    // The list is read again and shows the colleague's reason; the form still holds A's text.
    await expect.poll(() => server.calls.filter((c) => c.method === 'GET').length).toBe(2);
    expect(await screen.findByText('Corrected by colleague')).toBeInTheDocument();
    expect(within(form).getByLabelText('Reason')).toHaveValue('Spam, three links');
    expect(server.calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({
      reason: 'Spam, three links',
      expected: { reason: 'Spam' },
    });
    // Saving again, having seen the colleague's change, names the case as it now reads.
    await userEvent.click(within(form).getByRole('button', { name: 'Save amendment' }));
    await expect.poll(() => patches.length).toBe(0);
    expect(server.calls.filter((c) => c.method === 'PATCH')[1]!.body).toMatchObject({
      reason: 'Spam, three links',
      expected: { reason: 'Corrected by colleague' },
    });
    await expect.poll(() => screen.queryByRole('form', { name: 'Amend case No. 7' })).toBeNull();
  });

  // Issue 14 item 2: the server amends an expiry, but the form offered only Type and Reason, so a
  // mistyped expiry could not be corrected and a case amended into a ban could not be given one.
  it('amends the expiry: a new one, one for a case made a ban, and none (cleared)', async () => {
    const server = fakeServer({ 'PATCH /bureau/api/cases/7': () => [200, item] });
    const expiring = {
      ...item,
      case: { ...item.case, type: 'ban' as const, typeLabel: 'Ban', expiresAt: new Date(2030, 0, 1, 9, 0).getTime() },
    };
    const { unmount } = renderWithApp(<CaseList cases={[expiring]} labels={labels} />);
    await userEvent.click(screen.getByRole('button', { name: 'Amend' }));
    let form = screen.getByRole('form', { name: 'Amend case No. 7' });
    const expires = within(form).getByLabelText('Expires (optional)');
    expect(expires).toHaveValue('2030-01-01T09:00');
    fireEvent.change(expires, { target: { value: '2030-02-01T09:00' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Save amendment' }));
    await expect.poll(() => server.calls.length).toBe(1);
    expect(server.calls[0]!.body).toEqual({
      expiresAt: new Date(2030, 1, 1, 9, 0).getTime(),
      expected: { type: 'ban', moderator: 'registrar.rose', reason: 'Spam', expiresAt: expiring.case.expiresAt },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Amend' }));
    form = screen.getByRole('form', { name: 'Amend case No. 7' });
    await userEvent.clear(within(form).getByLabelText('Expires (optional)'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save amendment' }));
    await expect.poll(() => server.calls.length).toBe(2);
    expect(server.calls[1]!.body).toMatchObject({ expiresAt: null });
    expect(server.calls[1]!.body).not.toHaveProperty('type');
    unmount();

    // A warning made a ban, with the expiry it should have had.
    renderWithApp(<CaseList cases={[item]} labels={labels} />);
    await userEvent.click(screen.getByRole('button', { name: 'Amend' }));
    form = screen.getByRole('form', { name: 'Amend case No. 7' });
    await userEvent.selectOptions(within(form).getByLabelText('Type'), 'ban');
    fireEvent.change(within(form).getByLabelText('Expires (optional)'), { target: { value: '2031-06-01T12:30' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Save amendment' }));
    await expect.poll(() => server.calls.length).toBe(3);
    expect(server.calls[2]!.body).toMatchObject({ type: 'ban', expiresAt: new Date(2031, 5, 1, 12, 30).getTime() });
  });

  // As in the open-a-case form (lib/read-expiry.ts): what cannot be read is refused with a sentence,
  // never sent as `expiresAt: null` (which would make a temporary ban permanent).
  it('refuses an expiry it cannot read, or one only partly filled in, and sends nothing', async () => {
    const server = fakeServer({ 'PATCH /bureau/api/cases/7': () => [200, item] });
    const expiring = {
      ...item,
      case: { ...item.case, type: 'ban' as const, typeLabel: 'Ban', expiresAt: new Date(2030, 0, 1, 9, 0).getTime() },
    };
    renderWithApp(<CaseList cases={[expiring]} labels={labels} />);
    await userEvent.click(screen.getByRole('button', { name: 'Amend' }));
    const form = screen.getByRole('form', { name: 'Amend case No. 7' });
    const expires = within(form).getByLabelText('Expires (optional)');
    // happy-dom empties a 5-digit year; Chromium keeps it: make the field answer as Chromium's does.
    Object.defineProperty(expires, 'value', { configurable: true, get: () => '10000-01-01T10:00', set: () => {} });
    fireEvent.change(expires);
    await userEvent.click(within(form).getByRole('button', { name: 'Save amendment' }));
    expect(expires).toHaveAccessibleDescription(expect.stringContaining('The expiry must be no later than 31 Dec 9999, 23:59.'));
    expect(expires).toHaveFocus();
    // A date without its time: the browser keeps the value empty and says badInput.
    Object.defineProperty(expires, 'value', { configurable: true, get: () => '', set: () => {} });
    Object.defineProperty(expires, 'validity', { configurable: true, get: () => ({ badInput: true }) });
    fireEvent.change(expires);
    await userEvent.click(within(form).getByRole('button', { name: 'Save amendment' }));
    expect(expires).toHaveAccessibleDescription(
      expect.stringContaining('The expiry is not complete. Fill in both the date and the time, or clear the field.'),
    );
    expect(server.calls).toHaveLength(0);
  });
});

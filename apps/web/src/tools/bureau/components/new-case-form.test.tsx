import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CaseType } from '@guildhall/contracts/bureau';
import { fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { NewCaseForm } from './new-case-form';

const labels: Record<CaseType, string> = { note: 'Note', warn: 'Warning', mute: 'Mute', kick: 'Kick', ban: 'Ban', unban: 'Unban' };

describe('issue 14 item 2: opening a case', () => {
  it('sends no expiry for a type that does not expire, though one was typed under another type (the server refused it, with no way to clear it)', async () => {
    const server = fakeServer({ 'POST /bureau/api/cases': () => [500, { error: 'stop here', code: 'internal' }] });
    renderWithApp(<NewCaseForm targets={[{ platform: 'Discord', subjectId: '670055163494400023' }]} labels={labels} />);
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'ban');
    await userEvent.type(screen.getByLabelText('Expires (optional)'), '2030-12-01T10:00');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'note');
    expect(screen.getByLabelText('Expires (optional)')).toBeDisabled();
    expect(screen.getByLabelText('Expires (optional)')).toHaveValue('');
    await userEvent.type(screen.getByLabelText('Reason'), 'Reminder of the rules');
    await userEvent.click(screen.getByRole('button', { name: 'Open case' }));
    await expect.poll(() => server.calls.length).toBe(1);
    expect(server.calls[0]!.body).toMatchObject({ type: 'note', expiresAt: null });
  });

  // The audit: Chromium's datetime-local takes a 5-digit year; `new Date` could not read it, the form
  // sent `expiresAt: null` and said 'Case No. N opened.': a temporary ban became a permanent one.
  it('refuses an expiry it cannot hold (year 10000) with a sentence on the field, and sends nothing', async () => {
    const server = fakeServer({ 'POST /bureau/api/cases': () => [500, { error: 'should not be called', code: 'internal' }] });
    renderWithApp(<NewCaseForm targets={[{ platform: 'Roblox', subjectId: '42' }]} labels={labels} />);
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'ban');
    const expires = screen.getByLabelText('Expires (optional)');
    // happy-dom (like Firefox) empties a 5-digit year; Chromium keeps it. Make the field answer as
    // Chromium's does, then fire the change the typing would.
    Object.defineProperty(expires, 'value', { configurable: true, get: () => '10000-01-01T10:00', set: () => {} });
    fireEvent.change(expires);
    await userEvent.type(screen.getByLabelText('Reason'), 'Griefing');
    await userEvent.click(screen.getByRole('button', { name: 'Open case' }));
    expect(expires).toHaveAccessibleDescription(expect.stringContaining('The expiry must be no later than 31 Dec 9999, 23:59.'));
    // The field is read in the reader's zone, while the cases show UTC: the field says so.
    expect(expires).toHaveAccessibleDescription(expect.stringContaining('In your own time zone; cases show times in UTC.'));
    expect(expires).toHaveAttribute('aria-invalid', 'true');
    expect(expires).toHaveFocus();
    expect(screen.queryByText(/Case No\./)).not.toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });

  it('refuses an expiry already past, and sends a readable one as the instant it names', async () => {
    const server = fakeServer({ 'POST /bureau/api/cases': () => [500, { error: 'stop here', code: 'internal' }] });
    renderWithApp(<NewCaseForm targets={[{ platform: 'Roblox', subjectId: '42' }]} labels={labels} />);
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'ban');
    const expires = screen.getByLabelText('Expires (optional)');
    expect(expires).toHaveAttribute('max', '9999-12-31T23:59');
    expect(expires).toHaveAttribute('min');
    fireEvent.change(expires, { target: { value: '2001-01-01T10:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Open case' }));
    expect(expires).toHaveAccessibleDescription(expect.stringContaining('The expiry must be later than now.'));
    expect(server.calls).toHaveLength(0);

    fireEvent.change(expires, { target: { value: '2030-12-01T10:00' } });
    expect(expires).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Open case' }));
    await expect.poll(() => server.calls.length).toBe(1);
    expect(server.calls[0]!.body).toMatchObject({ type: 'ban', expiresAt: new Date(2030, 11, 1, 10, 0).getTime() });
  });

  it('an empty expiry still opens a case that does not expire', async () => {
    const server = fakeServer({ 'POST /bureau/api/cases': () => [500, { error: 'stop here', code: 'internal' }] });
    renderWithApp(<NewCaseForm targets={[{ platform: 'Roblox', subjectId: '42' }]} labels={labels} />);
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'ban');
    await userEvent.click(screen.getByRole('button', { name: 'Open case' }));
    await expect.poll(() => server.calls.length).toBe(1);
    expect(server.calls[0]!.body).toMatchObject({ type: 'ban', expiresAt: null });
  });
});

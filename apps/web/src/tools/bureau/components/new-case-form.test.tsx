import { screen } from '@testing-library/react';
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
});

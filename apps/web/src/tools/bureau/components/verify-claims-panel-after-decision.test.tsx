import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { VerifyClaimsAnswer } from '@guildhall/contracts/bureau';
import { fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { VerifyClaimsPanel } from './verify-claims-panel';

const claim = (id: number): VerifyClaimsAnswer['claims'][number] => ({
  id,
  discordId: `20000000000000000${id}`,
  robloxId: `90000${id}`,
  linkedDiscordId: '100000000000000001',
  banned: false,
  createdAt: Date.UTC(2026, 10, 20),
  claimantBan: null,
});

describe('issue 14 item 1: the verification claims panel after a decision', () => {
  it('reloads the list when a decision is refused, so a claim decided elsewhere leaves it, and keeps the sentence', async () => {
    let decidedElsewhere = false;
    fakeServer({
      'GET /bureau/api/verify/claims': () => [200, { claims: decidedElsewhere ? [claim(3)] : [claim(2), claim(3)] }],
      'POST /bureau/api/verify/claims/2/approve': () => {
        decidedElsewhere = true;
        return [409, { error: 'This claim has already been decided.', code: 'bureau.claim_decided' }];
      },
    });
    renderWithApp(<VerifyClaimsPanel />);
    const stale = await screen.findByRole('listitem', { name: 'Claim 2' });
    await userEvent.click(within(stale).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This claim has already been decided.');
    // It stayed on the list with its buttons, though nothing could be done with it any more.
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Claim 2' })).not.toBeInTheDocument());
    expect(screen.getByRole('listitem', { name: 'Claim 3' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This claim has already been decided.');
  });

  it('keeps the panel, its sentence and the focus when the last claim is decided (the panel vanished, focus fell to the page)', async () => {
    let left = [claim(4)];
    fakeServer({
      'GET /bureau/api/verify/claims': () => [200, { claims: left }],
      'POST /bureau/api/verify/claims/4/refuse': () => {
        left = [];
        return [200, { id: 4, status: 'refused' }];
      },
    });
    renderWithApp(<VerifyClaimsPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Refuse' }));
    expect(await screen.findByText('No claims are waiting.')).toBeInTheDocument();
    const heading = screen.getByRole('heading', { name: /Verification claims/ });
    expect(heading).toHaveTextContent('Verification claims (0)');
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('an approval names the holder the list showed; a refusal sends nothing (decision 0059)', async () => {
    const server = fakeServer({
      'GET /bureau/api/verify/claims': () => [200, { claims: [claim(5), { ...claim(6), linkedDiscordId: null }] }],
      'POST /bureau/api/verify/claims/5/approve': () => [200, { id: 5, status: 'approved' }],
      'POST /bureau/api/verify/claims/6/refuse': () => [200, { id: 6, status: 'refused' }],
    });
    renderWithApp(<VerifyClaimsPanel />);
    await userEvent.click(within(await screen.findByRole('listitem', { name: 'Claim 5' })).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(server.calls.some((c) => c.path.endsWith('/5/approve'))).toBe(true));
    await userEvent.click(within(await screen.findByRole('listitem', { name: 'Claim 6' })).getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(server.calls.some((c) => c.path.endsWith('/6/refuse'))).toBe(true));
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/bureau/api/verify/claims/5/approve', { expectedLinkedDiscordId: '100000000000000001' }],
      ['/bureau/api/verify/claims/6/refuse', undefined],
    ]);
  });
});

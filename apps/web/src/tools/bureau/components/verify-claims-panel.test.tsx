import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { VerifyClaimsAnswer } from '@guildhall/contracts/bureau';
import { fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { VerifyClaimsPanel } from './verify-claims-panel';

const claim = (id: number, banned: boolean): VerifyClaimsAnswer['claims'][number] => ({
  id,
  discordId: `20000000000000000${id}`,
  robloxId: `90000${id}`,
  linkedDiscordId: '100000000000000001',
  banned,
  createdAt: Date.UTC(2026, 10, 20),
});

describe('issue 14 item 1: the verification claims panel', () => {
  it('says a claimed account is banned and keeps its Approve off, so staff know before they try', async () => {
    fakeServer({ 'GET /bureau/api/verify/claims': () => [200, { claims: [claim(1, true), claim(2, false)] }] });
    renderWithApp(<VerifyClaimsPanel />);
    const banned = await screen.findByRole('listitem', { name: 'Claim 1' });
    expect(banned).toHaveTextContent('Roblox 900001 is banned: lift the ban before approving, or refuse the claim.');
    expect(within(banned).getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(within(banned).getByRole('button', { name: 'Refuse' })).toBeEnabled();
    const clear = screen.getByRole('listitem', { name: 'Claim 2' });
    expect(clear).not.toHaveTextContent('is banned');
    expect(within(clear).getByRole('button', { name: 'Approve' })).toBeEnabled();
  });

  it("shows the server's sentence when a decision is refused (it did nothing visible before)", async () => {
    fakeServer({
      'GET /bureau/api/verify/claims': () => [200, { claims: [claim(2, false)] }],
      'POST /bureau/api/verify/claims/2/approve': () => [
        409,
        { error: 'This claim has already been decided.', code: 'bureau.claim_decided' },
      ],
    });
    renderWithApp(<VerifyClaimsPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This claim has already been decided.');
  });
});

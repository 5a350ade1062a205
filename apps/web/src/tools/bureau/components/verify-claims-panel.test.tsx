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
  claimantBan: null,
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
    expect(clear).not.toHaveTextContent('Ban reason');
    expect(within(clear).getByRole('button', { name: 'Approve' })).toBeEnabled();
  });

  // Decision 0031: approving a claimant whose own account was banned since moves them off the ban; staff
  // saw nothing of it. The panel says so, with the reason written out (decision 0069), and Approve stays on.
  it("says the claimant's own account is banned, with its reason, and keeps Approve on", async () => {
    const reason = `Exploiting \u202Eevil${'\n'.repeat(30)}at spawn`;
    fakeServer({
      'GET /bureau/api/verify/claims': () => [
        200,
        {
          claims: [
            { ...claim(3, false), claimantBan: { robloxId: '777', reason } },
            { ...claim(4, false), claimantBan: { robloxId: '778', reason: null } },
          ],
        },
      ],
    });
    renderWithApp(<VerifyClaimsPanel />);
    const item = await screen.findByRole('listitem', { name: 'Claim 3' });
    expect(item).toHaveTextContent("Discord 200000000000000003's own account, Roblox 777, is banned.");
    expect(item).toHaveTextContent(
      'Approving moves Discord 200000000000000003 onto Roblox 900003: the checker will then show them clear, and the ban stays on Roblox 777.',
    );
    expect(within(item).getByText(/^Ban reason:/).textContent).toBe('Ban reason: Exploiting [U+202E]evil\n\nat spawn');
    expect(within(item).getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(within(screen.getByRole('listitem', { name: 'Claim 4' })).getByText(/^Ban reason:/)).toHaveTextContent('Ban reason: Unknown');
    expect(screen.getByRole('listitem', { name: 'Claim 4' })).not.toHaveTextContent('Roblox 900004 is banned');
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

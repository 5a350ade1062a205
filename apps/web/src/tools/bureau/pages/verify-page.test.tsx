import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Answer, discordMe, fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { VerifyPage } from './verify-page';

const linked = { discordId: '867684895948800001', robloxId: '1200004', robloxUsername: 'SomchaiRail', pendingClaim: null, canLink: true };

function serve(unlink: Answer) {
  return fakeServer({
    'GET /auth/api/me': () => [200, discordMe([])],
    'GET /bureau/api/verify/me': () => [200, linked],
    'POST /bureau/api/verify/unlink': () => unlink,
  });
}

describe('issue 14 item 1: the verification center', () => {
  it("shows why an unlink was refused (it showed nothing), and says a banned pair's link stays", async () => {
    serve([
      409,
      { error: 'Your linked Roblox account is banned, so the link stays as it is. Please ask bureau staff.', code: 'bureau.pair_banned' },
    ]);
    renderWithApp(<VerifyPage />, { path: '/bureau/verify?outcome=pair_banned' });
    expect(await screen.findByRole('heading', { name: 'Your linked Roblox account is banned' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Unlink' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your linked Roblox account is banned, so the link stays as it is.');
  });

  it("drops the last link attempt's outcome once unlinked (it still said 'Roblox account linked')", async () => {
    serve([200, { ok: true, changed: true }]);
    renderWithApp(<VerifyPage />, { path: '/bureau/verify?outcome=linked' });
    expect(await screen.findByRole('heading', { name: 'Roblox account linked' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Unlink' }));
    await expect.poll(() => screen.queryByRole('heading', { name: 'Roblox account linked' })).toBeNull();
  });

  it('shows no words a crafted address brings (it printed any ?reason= as the reason); a failure or ban reason comes from us', async () => {
    fakeServer({
      'GET /auth/api/me': () => [200, discordMe([])],
      'GET /bureau/api/verify/me': () => [200, { ...linked, robloxId: null, robloxUsername: null }],
      'GET /bureau/api/check-status': (request) =>
        request.url.searchParams.get('id') === '1200099'
          ? [
              200,
              {
                result: 'not_verified',
                roblox: { id: '1200099', username: 'x' },
                ban: { isBanned: true, moderator: 'Mod', reason: 'Ban evasion', time: 1 },
              },
            ]
          : [200, { result: 'not_found' }],
    });
    const crafted = renderWithApp(<VerifyPage />, {
      path: '/bureau/verify?outcome=failed&failure=call+0800-SCAM&reason=Call+0800-SCAM+to+restore+your+account',
    });
    expect(await screen.findByRole('heading', { name: 'Linking failed' })).toBeInTheDocument();
    expect(await screen.findByText('Discord ID')).toBeInTheDocument();
    expect(screen.queryByText(/SCAM/)).toBeNull();
    expect(screen.queryByText(/^Reason:/)).toBeNull();
    crafted.unmount();

    const failed = renderWithApp(<VerifyPage />, { path: '/bureau/verify?outcome=failed&failure=code_refused' });
    expect(await screen.findByText('Reason: Roblox refused this link code. Please try again.')).toBeInTheDocument();
    failed.unmount();

    renderWithApp(<VerifyPage />, { path: '/bureau/verify?outcome=banned&roblox=1200099&reason=Call+0800-SCAM' });
    expect(await screen.findByText('Reason: Ban evasion')).toBeInTheDocument();
    expect(screen.queryByText(/SCAM/)).toBeNull();
  });
});

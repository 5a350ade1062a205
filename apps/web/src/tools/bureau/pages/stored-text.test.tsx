import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CASE_TYPE_LABELS, type CaseAnswer, type PersonLookupAnswer } from '@guildhall/contracts/bureau';
import { discordMe, fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { withStylesheet } from '@/test-support/with-stylesheet';
import { InfractionsPage } from './infractions-page';
import { LookupPage } from './lookup-page';

const discordId = '700000000000000001';
const robloxId = '9900000001';
/** A letter with 30 accents: shown raw, it draws a line up over the rows above it. */
const stacked = `Z${'\u0301'.repeat(30)}algo`;
const writtenOut = `Z${'\u0301'.repeat(4)}${'[U+0301]'.repeat(26)}algo`;
const infraction = {
  platform: 'Roblox' as const,
  subjectId: robloxId,
  id: 1_700_000_000_000,
  date: '2023-11-14T22:13:20.000Z',
  moderator: stacked,
  reason: 'Spam \u202Eevil',
  note: 'ที่นี่',
};
const item: CaseAnswer = {
  ...infraction,
  case: { number: 4, type: 'warn', typeLabel: 'Warning', expiresAt: null, expired: false, hidden: false, notes: [] },
};
const person: PersonLookupAnswer = {
  discordId,
  robloxId,
  paired: true,
  profiles: { discord: null, roblox: { username: 'Eve\u202Egnp.exe', displayName: null, source: 'live' } },
  ban: { robloxId, isBanned: true, moderator: stacked, reason: 'Ban \u202Eevil', time: 1_700_000_000, username: null },
  infractions: [item],
  history: [],
  caseTypeLabels: DEFAULT_CASE_TYPE_LABELS,
};

function serve(lookup: PersonLookupAnswer = person) {
  fakeServer({
    'GET /auth/api/me': () => [200, discordMe(['bureau-staff'])],
    'GET /bureau/api/verify/claims': () => [200, { claims: [] }],
    'GET /bureau/api/lookup': () => [200, lookup],
    [`GET /bureau/api/records/${discordId}/infractions`]: () => [200, { discordId, robloxId, infractions: [infraction] }],
    'GET /bureau/api/user-details': () => [
      200,
      {
        discordId,
        robloxId,
        discordUsername: 'Unknown',
        discordDisplayName: 'Unknown',
        discordCreationDate: 'Unknown',
        discordStatus: 'Verified',
        robloxUsername: 'Eve\u202Egnp.exe',
        robloxDisplayName: 'Unknown',
        robloxCreationDate: 'Unknown',
        robloxStatus: 'Banned',
        sources: { discord: 'live', roblox: 'live' },
        notice: null,
      },
    ],
  });
}

// Found by an audit (decision 0069): names and texts others chose (the Roblox API's names, a ban's
// fields, the infraction texts a bot or staff wrote) showed raw on the staff pages: a U+202E turned
// the rest of the line around, and 30 accents on a letter drew a line up over the card's header and
// rows. They show written out, as the owner console shows such text (decision 0067); Thai is kept.
/** The lookup page of the served pair's Roblox account, once its account card shows. */
async function lookUpRoblox() {
  renderWithApp(
    <Routes>
      <Route path="/bureau/lookup/:type/:id" element={<LookupPage />} />
    </Routes>,
    { path: `/bureau/lookup/roblox/${robloxId}` },
  );
  return screen.findByRole('region', { name: 'Roblox account' });
}

describe('bureau staff pages: text others chose is written out, not drawn over the page', () => {
  it('on the infraction lookup page: the accounts and each infraction card', async () => {
    serve();
    renderWithApp(
      <Routes>
        <Route path="/bureau/records/:discordId/infractions" element={<InfractionsPage />} />
      </Routes>,
      { path: `/bureau/records/${discordId}/infractions` },
    );
    const roblox = await screen.findByRole('region', { name: 'Roblox account' });
    await within(roblox).findByText('Eve[U+202E]gnp.exe');
    const card = screen.getByRole('article', { name: 'Roblox' });
    expect(within(card).getByText(writtenOut)).toBeInTheDocument();
    expect(within(card).getByText('Spam [U+202E]evil')).toBeInTheDocument();
    expect(within(card).getByText('ที่นี่')).toBeInTheDocument();
    // The case below the cards, from the same lookup.
    const caseCard = await screen.findByRole('article', { name: 'Case No. 4' });
    expect(within(caseCard).getByText(writtenOut)).toBeInTheDocument();
    expect(within(caseCard).getByText('Spam [U+202E]evil')).toBeInTheDocument();
  });

  it('on the lookup page: the Roblox account and its ban', async () => {
    serve();
    const roblox = await lookUpRoblox();
    expect(within(roblox).getByText('Eve[U+202E]gnp.exe')).toBeInTheDocument();
    expect(within(roblox).getByText(writtenOut)).toBeInTheDocument();
    expect(within(roblox).getByText('Ban [U+202E]evil')).toBeInTheDocument();
  });

  // Decision 0069: a ban reason of blank lines only showed as an empty row; it reads as a missing one.
  it("on the lookup page: a ban reason of blank lines only reads 'Unknown'", async () => {
    serve({ ...person, ban: { ...person.ban!, reason: '\n\n \n' } });
    const roblox = await lookUpRoblox();
    expect(within(roblox).getByText('Ban reason').nextElementSibling).toHaveTextContent(/^Unknown$/);
  });

  // Decision 0069: reasons and notes keep their lines; the pages showed them run together on one line
  // (the PDF kept them). A one-line value never holds a line break: showStoredText writes it out.
  it('on the lookup page: a two-line ban reason shows on two lines', async () => {
    withStylesheet(import.meta.url, '../../../ui/detail-list.css');
    serve({ ...person, ban: { ...person.ban!, reason: 'Exploiting\nSecond offence' } });
    const roblox = await lookUpRoblox();
    const reason = within(roblox).getByText('Ban reason').nextElementSibling as HTMLElement;
    expect(reason.textContent).toBe('Exploiting\nSecond offence');
    expect(getComputedStyle(reason).whiteSpace).toBe('pre-line');
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDetailsAnswer } from '@guildhall/contracts/bureau';
import { type Answer, discordMe, fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { Route, Routes } from 'react-router';
import { InfractionsPage } from './infractions-page';
import { RecordsPage } from './records-page';

const pair = { discordId: '555676493414400001', robloxId: '1200001' };
const details: UserDetailsAnswer = {
  ...pair,
  discordUsername: 'signal.sam',
  discordDisplayName: 'Sam',
  discordCreationDate: '2021-07-22T08:30:00.000Z',
  discordStatus: 'Verified',
  robloxUsername: 'SignalSam',
  robloxDisplayName: 'Sam',
  robloxCreationDate: '2018-01-01T00:00:00Z',
  robloxStatus: 'Clear',
  sources: { discord: 'live', roblox: 'live' },
  notice: null,
};

/** The live list's stream: never opens here (the page shows 'Connecting…'). */
class SilentEventSource {
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  addEventListener() {}
  close() {}
}

beforeEach(() => {
  vi.stubGlobal('EventSource', SilentEventSource);
});

/** A print that answers when the test says. */
function heldPrint() {
  let answer!: (value: Answer) => void;
  const held = new Promise<Answer>((resolve) => (answer = resolve));
  fakeServer({
    'GET /auth/api/me': () => [200, discordMe(['bureau-staff'])],
    'GET /bureau/api/records': () => [200, { items: [pair], nextCursor: null }],
    [`GET /bureau/api/records/${pair.discordId}/infractions`]: () => [200, { ...pair, infractions: [] }],
    'GET /bureau/api/lookup': () => [503, { error: 'Not in this test.', code: 'unavailable' }],
    'GET /bureau/api/user-details': () => [200, details],
    [`GET /bureau/api/records/${pair.discordId}/documents/registration`]: () => held,
  });
  return answer;
}

async function printFromTheKeyboard() {
  renderWithApp(<RecordsPage />, { path: '/bureau/records' });
  const trigger = await screen.findByRole('button', { name: `Actions for ${pair.discordId}` });
  trigger.focus();
  await userEvent.keyboard('{Enter}');
  await userEvent.click(screen.getByRole('menuitem', { name: 'Registration (PDF)' }));
  return trigger;
}

// Found by an audit (keyboard, focus after actions): the Actions button was disabled while its PDF
// printed, and a browser takes focus from a disabled button, so a keyboard user was left on <body>
// after every print (the next Tab started from the top of the page), and the error modal of a failed
// print gave focus back to <body> too. The button stays focusable; while a print runs, the menu's
// print items are what is disabled (001 §2: items in the menu can be disabled).
describe('001 §2 records tool: focus stays on the Actions button through a print', () => {
  it('keeps focus on the row’s button while it reads Processing... and after the PDF is saved', async () => {
    const answer = heldPrint();
    const trigger = await printFromTheKeyboard();
    await expect.poll(() => trigger.textContent).toBe('Processing...');
    expect(trigger).not.toBeDisabled();
    expect(trigger).toHaveFocus();

    // While it prints, the menu still opens, and its print items cannot be chosen.
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Infraction Record (PDF)' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('menuitem', { name: 'View Infractions' })).not.toHaveAttribute('aria-disabled');
    await userEvent.keyboard('{Escape}');

    answer([200, {}]);
    await expect.poll(() => trigger.textContent).toBe('Actions');
    expect(trigger).toHaveFocus();
  });

  it('gives focus back to the button when the error modal of a failed print closes', async () => {
    const answer = heldPrint();
    const trigger = await printFromTheKeyboard();
    answer([500, { error: 'Failed to generate PDF file.', code: 'bureau.pdf_failed' }]);
    const modal = await screen.findByRole('dialog', { name: 'An Error Occurred' });
    expect(modal).toHaveTextContent('Failed to generate PDF file.');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });
});

// The same on the infraction lookup page: its print buttons were disabled while a PDF printed.
describe('001 §2 infraction lookup page: focus stays on the print button through a print', () => {
  it('keeps focus on Registration (PDF) while it reads Processing... and after the PDF is saved', async () => {
    const answer = heldPrint();
    renderWithApp(
      <Routes>
        <Route path="/bureau/records/:discordId/infractions" element={<InfractionsPage />} />
      </Routes>,
      { path: `/bureau/records/${pair.discordId}/infractions` },
    );
    const button = await screen.findByRole('button', { name: 'Registration (PDF)' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => button.textContent).toBe('Processing...');
    expect(button).not.toBeDisabled();
    expect(button).toHaveFocus();
    // One print at a time: the other button says it cannot be used now, and pressing it asks nothing.
    const other = screen.getByRole('button', { name: 'Infraction Record (PDF)' });
    expect(other).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(other);
    expect(other).toHaveTextContent('Infraction Record (PDF)');
    expect(other).toHaveFocus();
    answer([200, {}]);
    await expect.poll(() => button.textContent).toBe('Registration (PDF)');
    expect(other).toHaveFocus();
    expect(other).toHaveAttribute('aria-disabled', 'false');
  });
});

import { screen } from '@testing-library/react';
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
});

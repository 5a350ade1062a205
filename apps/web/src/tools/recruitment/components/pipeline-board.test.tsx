import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeAdminApplication } from '@guildhall/testkit/recruitment-demo';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminApplication, BoardCard, BoardColumn, Stage } from '@guildhall/contracts/recruitment';
import { type Answer, fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { ApplicationsTab } from './applications-tab';

const API = '/recruitment/api';
const stage = (id: number, name: string, ordering: number): Stage => ({ id, name, ordering, color: '#6c757d' });
const card = (id: number, username: string, stageId: number | null, withdrawn = false): BoardCard => ({
  id,
  userId: String(1000 + id),
  username,
  hasAvatar: false,
  job: 'Officer',
  status: 'Pending',
  stageId,
  submittedAt: '2026-11-22T10:00:00.000Z',
  withdrawn,
});
const column = (stageId: number | null, name: string, cards: BoardCard[]): BoardColumn => ({
  stageId,
  name,
  color: '#6c757d',
  total: cards.length,
  cards,
});
const application = (id: number, username: string): AdminApplication => makeAdminApplication(id, { username });

const received = stage(1, 'Application Received', 1);
const interview = stage(2, 'Interview', 2);
/** Created by another admin after this admin's stage list was loaded (and cached for 30 s). */
const phoneScreen = stage(3, 'Phone screen', 3);

/**
 * The admin's stage list is loaded first (without 'Phone screen'); the board, asked for later, has
 * its column. Later stage lists have it too.
 */
function server(columns: BoardColumn[], update: Answer = [200, { success: true, status: 'Pending', stageId: 3, feedback: null }]) {
  let stageLists = 0;
  return fakeServer({
    [`GET ${API}/stages`]: () => [200, stageLists++ === 0 ? [received, interview] : [received, interview, phoneScreen]],
    [`GET ${API}/questions`]: () => [200, []],
    [`GET ${API}/applications`]: () => [200, [application(7, 'signal.sam')]],
    [`GET ${API}/board`]: () => [200, { columns }],
    [`POST ${API}/applications/7/update`]: () => update,
  });
}

async function openBoard() {
  renderWithApp(<ApplicationsTab />);
  // The stage list is in the cache before the board opens, as when an admin has been on the list.
  expect(await screen.findByRole('option', { name: 'Interview' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Board' }));
  await screen.findByRole('list', { name: 'Pipeline board' });
}

const posts = (calls: ReturnType<typeof fakeServer>['calls']) => calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body]);

describe('issue 13 item 4: the board moves cards to the stages it shows', () => {
  it('offers a stage another admin just created in a card’s menu, moves the card there, and the list offers it too', async () => {
    const calls = server([
      column(1, 'Application Received', [card(7, 'signal.sam', 1)]),
      column(2, 'Interview', []),
      column(3, 'Phone screen', []),
    ]).calls;
    await openBoard();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Stage of signal.sam' }), 'Phone screen');
    expect(await screen.findByText('signal.sam moved to Phone screen.', { selector: '.ui-toast__title' })).toBeInTheDocument();
    expect(posts(calls)).toEqual([[`${API}/applications/7/update`, { stageId: 3, expectedStageId: 1 }]]);

    // The bulk move of the list offers what the board showed.
    await userEvent.click(screen.getByRole('button', { name: 'List' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select signal.sam' }));
    const bulk = screen.getByRole('form', { name: 'Move selected applications' });
    await waitFor(() => expect(bulk.querySelector('option[value="3"]')).toHaveTextContent('Phone screen'));
  });

  describe('from the keyboard', () => {
    // happy-dom lays nothing out: columns stand side by side, 300 px wide, each card at its column's top.
    afterEach(() => {
      vi.restoreAllMocks();
    });
    const layOut = () =>
      vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
        const section = this.closest('section[data-stage-id]');
        if (!section) return new DOMRect(0, 0, 0, 0);
        const index = [...section.parentElement!.children].indexOf(section);
        return section === this ? new DOMRect(index * 300, 0, 280, 600) : new DOMRect(index * 300 + 10, 40, 260, 80);
      });

    it('drops a card on a stage another admin just created: it sends the move and says so, and shows a refusal', async () => {
      layOut();
      const calls = server(
        [column(1, 'Application Received', [card(7, 'signal.sam', 1)]), column(2, 'Interview', []), column(3, 'Phone screen', [])],
        [404, { error: 'Stage not found.', code: 'not_found' }],
      ).calls;
      await openBoard();
      screen.getByRole('button', { name: 'Move the application of signal.sam' }).focus();
      await userEvent.keyboard(' ');
      await userEvent.keyboard('{ArrowRight}');
      await userEvent.keyboard('{ArrowRight}');
      await userEvent.keyboard(' ');
      await waitFor(() =>
        expect(document.querySelector('[id^="DndLiveRegion"]')).toHaveTextContent('Moving the application of signal.sam to Phone screen.'),
      );
      expect(await screen.findByText('Error: Stage not found.', { selector: '.ui-toast__title' })).toBeInTheDocument();
      expect(posts(calls)).toEqual([[`${API}/applications/7/update`, { stageId: 3, expectedStageId: 1 }]]);
    });

    it('moves a card with an arrow key pressed at once after Space picked it up (decision 0029)', async () => {
      layOut();
      const calls = server(
        [column(1, 'Application Received', [card(7, 'signal.sam', 1)]), column(2, 'Interview', [])],
        [200, { success: true, status: 'Pending', stageId: 2, feedback: null }],
      ).calls;
      await openBoard();
      screen.getByRole('button', { name: 'Move the application of signal.sam' }).focus();
      // No pause between the keys, as a screen reader or a quick hand sends them.
      await userEvent.setup({ delay: null }).keyboard(' {ArrowRight}');
      await waitFor(() => expect(document.querySelector('[id^="DndLiveRegion"]')).toHaveTextContent('Over the stage Interview.'));
      await userEvent.keyboard(' ');
      await waitFor(() =>
        expect(document.querySelector('[id^="DndLiveRegion"]')).toHaveTextContent('Moving the application of signal.sam to Interview.'),
      );
      expect(await screen.findByText('signal.sam moved to Interview.', { selector: '.ui-toast__title' })).toBeInTheDocument();
      expect(posts(calls)).toEqual([[`${API}/applications/7/update`, { stageId: 2, expectedStageId: 1 }]]);
    });

    it('does not say a card moved when it was dropped on its own stage', async () => {
      layOut();
      const calls = server([column(1, 'Application Received', [card(7, 'signal.sam', 1)]), column(2, 'Interview', [])]).calls;
      await openBoard();
      screen.getByRole('button', { name: 'Move the application of signal.sam' }).focus();
      await userEvent.keyboard(' ');
      await userEvent.keyboard(' ');
      await waitFor(() =>
        expect(document.querySelector('[id^="DndLiveRegion"]')).toHaveTextContent(
          'The application of signal.sam stays in Application Received; nothing changed.',
        ),
      );
      expect(posts(calls)).toEqual([]);
    });
  });

  it('shows No current stage for a card whose stage was deleted, and moves it to the stage picked', async () => {
    const calls = server([
      column(1, 'Application Received', []),
      column(2, 'Interview', []),
      column(3, 'Phone screen', []),
      column(null, 'No current stage', [card(7, 'signal.sam', 99)]),
    ]).calls;
    await openBoard();
    const menu = screen.getByRole('combobox', { name: 'Stage of signal.sam' });
    expect(menu).toHaveDisplayValue('No current stage');
    await userEvent.selectOptions(menu, 'Application Received');
    expect(await screen.findByText('signal.sam moved to Application Received.', { selector: '.ui-toast__title' })).toBeInTheDocument();
    // The stage the board showed, deleted since, as the server still holds it (decision 0058).
    expect(posts(calls)).toEqual([[`${API}/applications/7/update`, { stageId: 1, expectedStageId: 99 }]]);
  });

  it('marks a withdrawn application and offers no move for it (it looked like any card, and the move was refused)', async () => {
    const calls = server([column(1, 'Application Received', [card(7, 'signal.sam', 1, true)]), column(2, 'Interview', [])]).calls;
    await openBoard();
    const item = screen.getByRole('combobox', { name: 'Stage of signal.sam' }).closest('article')!;
    expect(item).toHaveTextContent('Withdrawn');
    expect(screen.getByRole('combobox', { name: 'Stage of signal.sam' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move the application of signal.sam' })).toHaveAttribute('aria-disabled', 'true');
    expect(posts(calls)).toEqual([]);
  });
});

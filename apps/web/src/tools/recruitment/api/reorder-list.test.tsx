import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { useReorderList } from './reorder-list';

/** Two moves made in quick succession, as two presses of a drag handle's arrow keys send them. */
function TwoQuickMoves() {
  const reorder = useReorderList('stages');
  return (
    <button
      type="button"
      onClick={() => {
        reorder.mutate([2, 1, 3]);
        reorder.mutate([2, 3, 1]);
      }}
    >
      Move
    </button>
  );
}

describe('issue 13 item 3: reordering a list', () => {
  // Sent at once, the two could reach the server in either order (two connections), and the older
  // order could be the one kept: the list jumped back after the page read it again.
  it('sends a second move only once the first is answered, so the server keeps the last', async () => {
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    let first = true;
    const server = fakeServer({
      'POST /recruitment/api/stages/reorder': async () => {
        if (first) {
          first = false;
          await firstHeld;
        }
        return [200, { success: true }];
      },
      'GET /recruitment/api/stages': () => [200, []],
    });
    const moves = () => server.calls.filter((call) => call.method === 'POST').map((call) => call.body);
    renderWithApp(<TwoQuickMoves />);
    await userEvent.click(screen.getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(moves()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(moves()).toEqual([{ ids: [2, 1, 3] }]);
    releaseFirst();
    await waitFor(() => expect(moves()).toEqual([{ ids: [2, 1, 3] }, { ids: [2, 3, 1] }]));
  });
});

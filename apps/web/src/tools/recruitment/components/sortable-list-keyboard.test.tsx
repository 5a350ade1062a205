import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test-support/render-with-server';
import { SortableList } from './sortable-list';

const items = [
  { id: 1, name: 'Received' },
  { id: 2, name: 'Interview' },
  { id: 3, name: 'Accepted' },
];

function renderList() {
  const orders: number[][] = [];
  renderWithApp(
    <SortableList
      label="Stages"
      items={items}
      nameOf={(i) => `stage ${i.name}`}
      onReorder={(ids) => orders.push(ids)}
      renderItem={(i) => <span>{i.name}</span>}
    />,
  );
  screen.getByRole('button', { name: 'Reorder stage Received' }).focus();
  return orders;
}

const liveRegion = () => document.querySelector('[id^="DndLiveRegion"]');
/** Keys sent as a screen reader or a quick hand sends them: no pause between them. */
const pressAtOnce = (keys: string) => userEvent.setup({ delay: null }).keyboard(keys);

describe('issue 13 item 3: reordering from the keyboard (decision 0029)', () => {
  // happy-dom lays nothing out: rows stand one under another, 40 px high, 50 px apart.
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const layOut = () =>
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      if (!this.matches('li[data-sortable-id]')) return new DOMRect(0, 0, 0, 0);
      return new DOMRect(0, [...this.parentElement!.children].indexOf(this) * 50, 400, 40);
    });

  it('moves an item with an arrow key pressed at once after Space picked it up', async () => {
    layOut();
    const orders = renderList();
    await pressAtOnce(' {ArrowDown}');
    await waitFor(() => expect(liveRegion()).toHaveTextContent('stage Received is over place 2 of 3.'));
    await userEvent.keyboard(' ');
    await waitFor(() => expect(liveRegion()).toHaveTextContent('stage Received dropped at place 2 of 3.'));
    expect(orders).toEqual([[2, 1, 3]]);
  });

  it('cancels with an Escape pressed at once, reads no key after it, and picks up again', async () => {
    layOut();
    const orders = renderList();
    await pressAtOnce(' {Escape} ');
    await waitFor(() => expect(liveRegion()).toHaveTextContent('Moving stage Received was cancelled.'));
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(liveRegion()).toHaveTextContent('stage Received is over place 2 of 3.'));
    await userEvent.keyboard(' ');
    await waitFor(() => expect(liveRegion()).toHaveTextContent('stage Received dropped at place 2 of 3.'));
    expect(orders).toEqual([[2, 1, 3]]);
  });
});

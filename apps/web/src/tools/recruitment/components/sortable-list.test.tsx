import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test-support/render-with-server';
import { SortableList } from './sortable-list';

describe('issue 13 item 3: a reorderable list', () => {
  it('moves an item with its up and down buttons (the first cannot go up, the last not down)', async () => {
    const orders: number[][] = [];
    const items = [
      { id: 1, name: 'Received' },
      { id: 2, name: 'Interview' },
      { id: 3, name: 'Accepted' },
    ];
    renderWithApp(
      <SortableList
        label="Stages"
        items={items}
        nameOf={(i) => `stage ${i.name}`}
        onReorder={(ids) => orders.push(ids)}
        renderItem={(i) => <span>{i.name}</span>}
      />,
    );
    expect(screen.getByRole('button', { name: 'Move stage Received up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move stage Accepted down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reorder stage Interview' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Move stage Interview up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move stage Interview down' }));
    expect(orders).toEqual([
      [2, 1, 3],
      [1, 3, 2],
    ]);
  });
});

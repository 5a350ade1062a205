import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Menu } from './menu';

function renderMenu() {
  const view = vi.fn();
  const military = vi.fn();
  const remove = vi.fn();
  render(
    <Menu
      trigger={<Button>Actions</Button>}
      items={[
        { label: 'View Infractions', onSelect: view },
        { label: 'Military Record', onSelect: military, disabled: true },
        { label: 'Remove', onSelect: remove, tone: 'danger' },
      ]}
    />,
  );
  return { view, military, remove };
}

describe('Menu', () => {
  it('opens from its trigger and lists its items; a disabled item cannot be chosen', async () => {
    const { view, military } = renderMenu();
    const trigger = screen.getByRole('button', { name: 'Actions' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['View Infractions', 'Military Record', 'Remove']);
    expect(screen.getByRole('menuitem', { name: 'Military Record' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Military Record' }));
    expect(military).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('menuitem', { name: 'View Infractions' }));
    expect(view).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('works from the keyboard: arrows skip the disabled item, Enter chooses, Escape closes', async () => {
    const { remove } = renderMenu();
    screen.getByRole('button', { name: 'Actions' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'View Infractions' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Remove' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(remove).toHaveBeenCalledOnce();
  });
});

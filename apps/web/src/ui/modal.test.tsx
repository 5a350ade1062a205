import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Menu } from './menu';
import { Modal } from './modal';

function FromState() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Delete</Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Delete this item?"
        description="It cannot be undone."
        footer={<Button onClick={() => setOpen(false)}>Keep it</Button>}
      >
        <p>Body text</p>
      </Modal>
    </>
  );
}

function WithTrigger() {
  const [open, setOpen] = useState(false);
  return <Modal open={open} onOpenChange={setOpen} title="Notes" trigger={<Button>Open notes</Button>} closeLabel="Dismiss" />;
}

// The records tool's row menu (001 §2) opens its New Case dialog from a menu item: by the time the
// dialog closes that item is gone, so focus must go back to the menu's own button, not to <body>.
function FromMenu() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Menu trigger={<Button>Actions</Button>} items={[{ label: 'View' }, { label: 'New Case', onSelect: () => setOpen(true) }]} />
      <Modal open={open} onOpenChange={setOpen} title="New Case" />
    </>
  );
}

describe('Modal', () => {
  it('opens as a dialog named by its title and described by its description', async () => {
    render(<FromState />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this item?' });
    expect(dialog).toHaveAccessibleDescription('It cannot be undone.');
    expect(dialog).toHaveTextContent('Body text');
  });

  it('Escape closes it and focus returns to what opened it, even when opened from state', async () => {
    render(<FromState />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    await userEvent.click(opener);
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('the corner button closes it under its own label; footer buttons act', async () => {
    render(<FromState />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a trigger opens it, and the close button takes closeLabel', async () => {
    render(<WithTrigger />);
    await userEvent.click(screen.getByRole('button', { name: 'Open notes' }));
    expect(screen.getByRole('dialog', { name: 'Notes' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open notes' })).toHaveFocus();
  });

  it("opened from a menu item, Escape returns focus to the menu's button (the item is gone by then)", async () => {
    render(<FromMenu />);
    const actions = screen.getByRole('button', { name: 'Actions' });
    await userEvent.tab();
    expect(actions).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'New Case' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'New Case' })).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(actions).toHaveFocus();
  });
});

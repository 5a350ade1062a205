import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
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
});

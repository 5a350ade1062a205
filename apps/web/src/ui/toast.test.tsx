import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { ToastProvider, useToast } from './toast';

function Saver() {
  const toast = useToast();
  return (
    <>
      <Button onClick={() => toast({ title: 'Saved', description: 'Your changes are kept.', tone: 'success' })}>Save</Button>
      <Button onClick={() => toast({ title: 'Error: upload failed', tone: 'danger' })}>Fail</Button>
    </>
  );
}

describe('Toast', () => {
  it('shows the title and description with its tone, and Dismiss hides it', async () => {
    render(
      <ToastProvider>
        <Saver />
      </ToastProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The toast region's code loads with the first toast (decision 0035).
    const toast = (await screen.findByText('Saved')).closest('[data-tone]');
    expect(toast).toHaveAttribute('data-tone', 'success');
    expect(toast).toHaveTextContent('Your changes are kept.');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('keeps several toasts, the danger one with its own tone', async () => {
    render(
      <ToastProvider>
        <Saver />
      </ToastProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(screen.getByRole('button', { name: 'Fail' }));
    expect((await screen.findByText('Error: upload failed')).closest('[data-tone]')).toHaveAttribute('data-tone', 'danger');
    expect(screen.getByText('Saved')).toBeInTheDocument();
  });

  it('useToast outside the provider is a programming error', () => {
    expect(() => render(<Saver />)).toThrow('useToast must be used inside <ToastProvider>');
  });
});

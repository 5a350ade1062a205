import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CheckerForm } from './checker-form';
import { ErrorModal } from './error-modal';

describe('001 §2 checker form', () => {
  it('checks the trimmed ID by the chosen type', async () => {
    const onCheck = vi.fn();
    render(<CheckerForm busy={false} onCheck={onCheck} />);
    expect(screen.getByRole('combobox', { name: 'Look up by' })).toHaveValue('discord');
    await userEvent.type(screen.getByRole('textbox', { name: 'Discord ID' }), '  123456789012345678  ');
    await userEvent.click(screen.getByRole('button', { name: 'Check Status' }));
    expect(onCheck).toHaveBeenCalledWith({ type: 'discord', id: '123456789012345678' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Look up by' }), 'Roblox ID');
    const roblox = screen.getByRole('textbox', { name: 'Roblox ID' });
    expect(roblox).toHaveAttribute('placeholder', 'Enter a Roblox ID');
    await userEvent.clear(roblox);
    await userEvent.type(roblox, '42{Enter}');
    expect(onCheck).toHaveBeenLastCalledWith({ type: 'roblox', id: '42' });
  });

  it('keeps what was chosen and typed in the prerendered page before React took it over (decision 0035)', async () => {
    const onCheck = vi.fn();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<CheckerForm busy={false} onCheck={() => {}} />);
    document.body.appendChild(container);
    // Before hydration the fields are plain HTML: the person picks Roblox ID and types an ID.
    const select = container.querySelector('select')!;
    select.value = 'roblox';
    container.querySelector('input')!.value = ' 42 ';
    // Pressed now, the browser would send the form its own way: the button waits for React.
    expect(container.querySelector('button')).toBeDisabled();
    await act(async () => {
      render(<CheckerForm busy={false} onCheck={onCheck} />, { container, hydrate: true });
    });
    expect(screen.getByRole('textbox', { name: 'Roblox ID' })).toHaveValue(' 42 ');
    expect(screen.getByRole('button', { name: 'Check Status' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Check Status' }));
    expect(onCheck).toHaveBeenCalledWith({ type: 'roblox', id: '42' });
  });

  it('an empty or blank input does nothing (001 §5)', async () => {
    const onCheck = vi.fn();
    render(<CheckerForm busy={false} onCheck={onCheck} />);
    await userEvent.click(screen.getByRole('button', { name: 'Check Status' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Discord ID' }), '   {Enter}');
    expect(onCheck).not.toHaveBeenCalled();
  });

  it("reads 'Checking...' and does not check again while busy", async () => {
    const onCheck = vi.fn();
    render(<CheckerForm busy onCheck={onCheck} current={{ type: 'roblox', id: '77' }} />);
    const button = screen.getByRole('button', { name: 'Checking...' });
    expect(button).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Roblox ID' })).toHaveValue('77');
    await userEvent.type(screen.getByRole('textbox', { name: 'Roblox ID' }), '{Enter}');
    expect(onCheck).not.toHaveBeenCalled();
  });

  it('follows the check the address names (a QR link, back and forward)', () => {
    const { rerender } = render(<CheckerForm busy={false} onCheck={vi.fn()} current={{ type: 'discord', id: '1' }} />);
    rerender(<CheckerForm busy={false} onCheck={vi.fn()} current={{ type: 'roblox', id: '2' }} />);
    expect(screen.getByRole('combobox', { name: 'Look up by' })).toHaveValue('roblox');
    expect(screen.getByRole('textbox', { name: 'Roblox ID' })).toHaveValue('2');
  });
});

describe("001 §8 'An Error Occurred' modal", () => {
  it('is closed without a message, shows the message with one Close button, and Close closes it', async () => {
    const onClose = vi.fn();
    const { rerender } = render(<ErrorModal message={null} onClose={onClose} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    rerender(<ErrorModal message="Database not initialized." onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'An Error Occurred' });
    expect(dialog).toHaveAccessibleDescription('Database not initialized.');
    expect(screen.getAllByRole('button', { name: 'Close' })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});

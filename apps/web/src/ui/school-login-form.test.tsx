import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { SchoolLoginForm } from './school-login-form';

// Decision 0035: the sports and timetable sign-in screens arrive prerendered.
describe('SchoolLoginForm on a prerendered page', () => {
  it('keeps what was typed before React took it over, and never lets the browser send it before', async () => {
    const onLogin = vi.fn();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SchoolLoginForm onLogin={() => {}} pending={false} intro={<h2>Log in</h2>} />);
    document.body.appendChild(container);
    // Sent by the browser now, the form would put the password in the address (a GET).
    expect(container.querySelector('button')).toBeDisabled();
    (container.querySelector('input[name="student_id"]') as HTMLInputElement).value = '65001';
    (container.querySelector('input[name="password"]') as HTMLInputElement).value = 'secret';
    await act(async () => {
      render(<SchoolLoginForm onLogin={onLogin} pending={false} intro={<h2>Log in</h2>} />, { container, hydrate: true });
    });
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onLogin).toHaveBeenCalledWith({ student_id: '65001', password: 'secret' });
  });
});

describe('SchoolLoginForm fields', () => {
  it('take no more than the login call accepts, so a pasted long ID is never answered in the contract words', async () => {
    const onLogin = vi.fn();
    render(<SchoolLoginForm onLogin={onLogin} pending={false} intro={<h2>Log in</h2>} />);
    await userEvent.click(screen.getByLabelText('Student ID'));
    await userEvent.paste('6'.repeat(1000));
    await userEvent.click(screen.getByLabelText('Password'));
    await userEvent.paste('p'.repeat(1000));
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onLogin).toHaveBeenCalledWith({ student_id: '6'.repeat(32), password: 'p'.repeat(256) });
  });
});

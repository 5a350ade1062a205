import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { LoginForm } from './login-form';

describe('002 §5 timetable login form', () => {
  it('student ID and password are required; nothing is sent without them', async () => {
    const server = fakeServer({});
    renderWithApp(<LoginForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('textbox', { name: 'Student ID' })).toHaveAccessibleDescription('Student ID is required.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required.');
    await userEvent.type(screen.getByRole('textbox', { name: 'Student ID' }), '   ');
    await userEvent.type(screen.getByLabelText('Password'), 'secret{Enter}');
    expect(screen.getByRole('textbox', { name: 'Student ID' })).toHaveAccessibleDescription('Student ID is required.');
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    expect(server.calls).toEqual([]);
  });

  it("sends the trimmed student ID, reads 'Logging in…' meanwhile, and shows the server's sentence on a refusal", async () => {
    let answer: (a: [number, unknown]) => void = () => undefined;
    const server = fakeServer({ 'POST /timetable/api/login': () => new Promise((resolve) => (answer = resolve)) });
    renderWithApp(<LoginForm />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Student ID' }), ' 65010001 ');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('button', { name: 'Logging in…' })).toBeDisabled();
    expect(server.calls[0]).toMatchObject({
      method: 'POST',
      path: '/timetable/api/login',
      body: { student_id: '65010001', password: 'wrong' },
    });
    answer([401, { error: 'Invalid student ID or password.' }]);
    expect(await screen.findByText('Could not log in')).toBeInTheDocument();
    expect(screen.getByText('Invalid student ID or password.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { LoginForm } from './login-form';

describe('002 §2 sports login form', () => {
  it('student ID and password are required (002 §5); nothing is sent without them', async () => {
    const server = fakeServer({});
    const onError = vi.fn();
    renderWithApp(<LoginForm onError={onError} />);
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('textbox', { name: 'Student ID' })).toHaveAccessibleDescription('Student ID is required.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required.');
    expect(server.calls.filter((c) => c.method !== 'GET')).toEqual([]);
    expect(onError).not.toHaveBeenCalled();
  });

  it('a successful login stores the 002 §3 session values', async () => {
    fakeServer({
      'POST /sports/api/login': () => [200, { token: 't0k', role: 'student', userId: 12, studentId: '65010001', email: null }],
    });
    renderWithApp(<LoginForm onError={vi.fn()} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Student ID' }), '65010001');
    await userEvent.type(screen.getByLabelText('Password'), 'pw{Enter}');
    await vi.waitFor(() => expect(localStorage.getItem('authToken')).toBe('t0k'));
    expect(localStorage.getItem('userRole')).toBe('student');
    expect(localStorage.getItem('studentId')).toBe('65010001');
  });

  it("a refusal is reported with the body's message or error (002 §8), else the status", async () => {
    const answers: Array<[number, unknown]> = [
      [401, { error: 'Invalid credentials.' }],
      [400, { message: 'Student ID is required.' }],
      [500, {}],
    ];
    fakeServer({ 'POST /sports/api/login': () => answers.shift()! });
    const onError = vi.fn();
    renderWithApp(<LoginForm onError={onError} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Student ID' }), '65010001');
    await userEvent.type(screen.getByLabelText('Password'), 'pw');
    for (const expected of ['Invalid credentials.', 'Student ID is required.', 'Request failed with status: 500']) {
      await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
      await vi.waitFor(() => expect(onError).toHaveBeenLastCalledWith(expected));
    }
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('the eligibility list opens as a dialog from its link', async () => {
    fakeServer({});
    renderWithApp(<LoginForm onError={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Who can join which sport? See the eligibility list' }));
    expect(screen.getByRole('dialog', { name: 'Eligibility list' })).toHaveAccessibleDescription(
      'Your level comes from the first four digits of your student ID.',
    );
  });
});

import { useMutation } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test-support/render-with-server';
import { useSingleFlight } from './use-single-flight';

function AddButton({ calls, answer }: { calls: string[]; answer: () => Promise<void> }) {
  const add = useSingleFlight(useMutation({ mutationFn: (name: string) => (calls.push(name), answer()) }));
  return <button onClick={() => add('Interview')}>Add</button>;
}

describe('useSingleFlight', () => {
  it('sends once on a double click, and again once the first has settled, failed or not', async () => {
    const calls: string[] = [];
    let settle: (ok: boolean) => void = () => undefined;
    const answer = () => new Promise<void>((resolve, reject) => (settle = (ok) => (ok ? resolve() : reject(new Error('refused')))));
    renderWithApp(<AddButton calls={calls} answer={answer} />);
    await userEvent.dblClick(screen.getByRole('button', { name: 'Add' }));
    expect(calls).toEqual(['Interview']);
    settle(false);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await expect.poll(() => calls.length).toBe(2);
    settle(true);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await expect.poll(() => calls.length).toBe(3);
  });
});

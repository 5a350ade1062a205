import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test-support/render-with-server';
import { ConfirmModal } from './sports-modals';

describe('002 §2 confirmation modal', () => {
  it('confirms once on a double click, before the action has made the button busy (a second registration came back as an error)', async () => {
    const onConfirm = vi.fn();
    renderWithApp(
      <ConfirmModal
        open
        title="Register"
        text="Register for Badminton?"
        confirmLabel="Register"
        onConfirm={onConfirm}
        onCancel={() => undefined}
      />,
    );
    await userEvent.dblClick(await screen.findByRole('button', { name: 'Register' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});

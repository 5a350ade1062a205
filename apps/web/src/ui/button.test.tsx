import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('is never an accidental form submit: type defaults to "button"', async () => {
    const submitted = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(e) => submitted(e.nativeEvent)}>
        <Button>Cancel</Button>
        <Button type="submit">Save</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(submitted).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toHaveBeenCalledOnce();
  });

  it('a disabled button does not act', async () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Check Status
      </Button>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Check Status' }));
    expect(onClick).not.toHaveBeenCalled();
    expect(screen.getByRole('button')).toBeDisabled();
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

const tabs = [
  { value: 'applications', label: 'Applications', content: <p>The list</p> },
  { value: 'settings', label: 'Settings', content: <p>The settings</p> },
  { value: 'archive', label: 'Archive', content: <p>Old</p>, disabled: true },
];

describe('Tabs', () => {
  it('shows the first panel, labelled by its tab, inside a named tab list', () => {
    render(<Tabs tabs={tabs} label="Admin dashboard" />);
    expect(screen.getByRole('tablist', { name: 'Admin dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Applications' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Applications' })).toHaveTextContent('The list');
    expect(screen.queryByText('The settings')).not.toBeInTheDocument();
  });

  it('a click or the arrow keys move between tabs, skipping a disabled one', async () => {
    render(<Tabs tabs={tabs} label="Admin dashboard" />);
    await userEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(screen.getByRole('tabpanel', { name: 'Settings' })).toHaveTextContent('The settings');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Applications' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Applications' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Archive' })).toBeDisabled();
  });
});

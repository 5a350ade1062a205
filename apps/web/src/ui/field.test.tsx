import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SelectField, TextAreaField, TextField } from './field';

describe('Field (ARCHITECTURE.md §9: a real label, hint and error tied by id)', () => {
  it('names the control by its label and describes it by its hint', () => {
    render(<TextField label="Student ID" hint="As printed on your card." />);
    const input = screen.getByRole('textbox', { name: 'Student ID' });
    expect(input).toHaveAccessibleDescription('As printed on your card.');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('marks the control invalid and reads out the error with the hint', () => {
    render(<TextField label="Password" type="password" hint="Case matters." error="Password is required." />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Case matters. Password is required.');
  });

  it('a hidden label still names the control', () => {
    render(<TextAreaField label="Details" hideLabel />);
    expect(screen.getByRole('textbox', { name: 'Details' })).toBeInTheDocument();
    expect(screen.getByText('Details')).toHaveClass('visually-hidden');
  });

  it('a select offers its options and reports the choice', async () => {
    let chosen = '';
    render(
      <SelectField
        label="Look up by"
        defaultValue="discord"
        onChange={(e) => (chosen = e.target.value)}
        options={[
          { value: 'discord', label: 'Discord ID' },
          { value: 'roblox', label: 'Roblox ID' },
          { value: 'x', label: 'Nope', disabled: true },
        ]}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Look up by' });
    await userEvent.selectOptions(select, 'Roblox ID');
    expect(chosen).toBe('roblox');
    expect(screen.getByRole('option', { name: 'Nope' })).toBeDisabled();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { QuestionRow } from './managed-rows';

const question = { id: 3, text: 'Why do you want this role?', type: 'text' as const, options: null, roleIds: [] };

describe('issue 13 item 3: editing a question', () => {
  it('Cancel puts back what is saved: the abandoned text and type came back on the next Edit', async () => {
    const server = fakeServer({});
    renderWithApp(<QuestionRow question={question} roles={[]} />);
    await userEvent.click(screen.getByRole('button', { name: `Edit question ${question.text}` }));
    const form = screen.getByRole('form', { name: `Edit question ${question.text}` });
    await userEvent.clear(within(form).getByLabelText('Question'));
    await userEvent.type(within(form).getByLabelText('Question'), 'Half-typed change I abandoned');
    await userEvent.selectOptions(within(form).getByLabelText('Type'), 'multiple-choice');
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: `Edit question ${question.text}` }));
    const again = screen.getByRole('form', { name: `Edit question ${question.text}` });
    expect(within(again).getByLabelText('Question')).toHaveValue(question.text);
    expect(within(again).getByLabelText('Type')).toHaveValue('text');
    expect(server.calls).toEqual([]);
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { ApplicationForm } from './application-form';

const user = { userId: '111', username: 'ada', isAdmin: false };
const questions = [
  { id: 1, text: 'Why do you want this role?', type: 'text', options: null, roleIds: [] },
  { id: 3, text: 'Your CV', type: 'file', options: null, roleIds: [] },
];
const CV = '/recruitment/api/uploads/0b7b0c4e-2f1a-4c43-9a55-0f0f0f0f0f0f/cv.pdf';

describe('issue 13 item 2: the application form’s server draft', () => {
  it('restores the draft, the uploaded file included, and saves each change when typing pauses', async () => {
    const server = fakeServer({
      'GET /recruitment/api/roles': () => [200, [{ id: 4, name: 'Officer' }]],
      'GET /recruitment/api/questions': () => [200, questions],
      'GET /recruitment/api/application/draft': () => [
        200,
        {
          draft: {
            jobSelection: '4',
            answers: { 1: 'Half a thought', 3: CV },
            fileNames: { 3: 'cv.pdf' },
            updatedAt: '2026-11-22T10:00:00.000Z',
          },
        },
      ],
      'POST /recruitment/api/application/draft': () => [200, { success: true }],
    });
    renderWithApp(<ApplicationForm user={user} />);
    const text = await screen.findByRole('textbox', { name: 'Why do you want this role?' });
    expect(text).toHaveValue('Half a thought');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('4');
    expect(screen.getByText(/Upload complete\. \(cv\.pdf\)/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View file' })).toHaveAttribute('href', CV);
    // Restoring is not a change: nothing saved yet.
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.type(text, ', finished.');
    expect(await screen.findByText(/^Draft saved at/, {}, { timeout: 3000 })).toBeInTheDocument();
    await waitFor(() => {
      const saves = server.calls.filter((c) => c.method === 'POST');
      expect(saves.at(-1)?.body).toEqual({ jobSelection: '4', answers: { 1: 'Half a thought, finished.', 3: CV } });
    });
  });
});

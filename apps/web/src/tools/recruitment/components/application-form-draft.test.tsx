import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { makeApplicationStatus } from '@guildhall/testkit/recruitment-demo';
import { ApplicantView } from './applicant-view';
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

  it('000 §4: Submit drops the save still waiting for typing to pause, so it cannot land after the application', async () => {
    const server = fakeServer({
      'GET /recruitment/api/roles': () => [200, [{ id: 4, name: 'Officer' }]],
      'GET /recruitment/api/questions': () => [200, [questions[0]]],
      'GET /recruitment/api/application/draft': () => [200, { draft: null }],
      'POST /recruitment/api/application/draft': () => [200, { success: true }],
      'POST /recruitment/api/submit': () => [409, { error: 'Applications are closed.', code: 'recruitment.applications_closed' }],
    });
    renderWithApp(<ApplicationForm user={user} />);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Role' }), 'Officer');
    await userEvent.type(screen.getByRole('textbox', { name: 'Why do you want this role?' }), 'Typed in a hurry');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Error: Applications are closed.')).toBeInTheDocument();
    // Well past the pause after the last keystroke: no draft save was sent.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/recruitment/api/submit']);
  });
});

describe('000 §4: the status view takes precedence over the form', () => {
  const none = makeApplicationStatus();

  it('a tab left open after applying elsewhere shows the status view on Submit, with the server’s text', async () => {
    let applied = false;
    fakeServer({
      'GET /recruitment/api/public-settings': () => [
        200,
        { applicationsOpen: 'true', applicationStartDate: 'N/A', applicationEndDate: 'N/A' },
      ],
      'GET /recruitment/api/application/status': () => [
        200,
        applied ? { ...none, hasApplication: true, status: 'Pending', stageName: 'Received', job: 'Officer', applicationId: 7 } : none,
      ],
      'GET /recruitment/api/roles': () => [200, [{ id: 4, name: 'Officer' }]],
      'GET /recruitment/api/questions': () => [200, [questions[0]]],
      'GET /recruitment/api/application/draft': () => [200, { draft: null }],
      'POST /recruitment/api/submit': () => [
        409,
        { error: 'You have already submitted an application.', code: 'recruitment.already_applied' },
      ],
    });
    renderWithApp(<ApplicantView user={user} />);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Role' }), 'Officer');
    await userEvent.type(screen.getByRole('textbox', { name: 'Why do you want this role?' }), 'x');
    // Meanwhile, in another tab:
    applied = true;
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Error: You have already submitted an application.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Your Application Status' })).toBeInTheDocument();
    expect(screen.getByTestId('stage-box')).toHaveTextContent('Received');
    expect(screen.queryByRole('button', { name: 'Submit Application' })).not.toBeInTheDocument();
  });
});

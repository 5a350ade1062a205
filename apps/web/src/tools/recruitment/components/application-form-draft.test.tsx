import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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

describe('decision 0028: the edit form keeps a draft of its own, so the files uploaded in it are kept', () => {
  const NEW_CV = '/recruitment/api/uploads/1c8c1d5f-3f2b-4d54-8b66-1f1f1f1f1f1f/new-cv.pdf';
  const own = { jobSelection: '4', answers: { 1: 'As submitted.', 3: CV }, fileNames: { 3: 'cv.pdf' } };
  const routes = (extra: Record<string, Parameters<typeof fakeServer>[0][string]> = {}) =>
    fakeServer({
      'GET /recruitment/api/roles': () => [200, [{ id: 4, name: 'Officer' }]],
      'GET /recruitment/api/questions': () => [200, questions],
      'GET /recruitment/api/application/edit-draft': () => [200, { draft: null }],
      'POST /recruitment/api/application/edit-draft': () => [200, { success: true }],
      'POST /recruitment/api/upload-file': () => [200, { finalUrl: NEW_CV }],
      'POST /recruitment/api/application/edit': () => [200, { success: true }],
      'POST /recruitment/api/application/edit-draft/discard': () => [200, { success: true }],
      ...extra,
    });
  const posts = (server: ReturnType<typeof fakeServer>) => server.calls.filter((c) => c.method === 'POST').map((c) => c.path);

  it('saves a file uploaded while editing in the edit’s draft, and restores it when the edit is opened again', async () => {
    const server = routes({
      'GET /recruitment/api/application/edit-draft': () => [
        200,
        { draft: { jobSelection: '4', answers: { 1: 'Changed, not saved.' }, fileNames: {}, updatedAt: '2026-11-22T10:00:00.000Z' } },
      ],
    });
    renderWithApp(<ApplicationForm user={user} edit={own} onDone={() => undefined} />);
    // The draft's answers over the application's: its file answer was still uploading, so the file stays.
    expect(await screen.findByRole('textbox', { name: 'Why do you want this role?' })).toHaveValue('Changed, not saved.');
    expect(screen.getByText(/Upload complete\. \(cv\.pdf\)/)).toBeInTheDocument();

    await userEvent.upload(screen.getByLabelText('Your CV'), new File(['%PDF'], 'new-cv.pdf', { type: 'application/pdf' }));
    expect(
      await screen.findByText(
        /^Your changes were kept as a draft at \d\d:\d\d:\d\d\. Save Changes to apply them\.$/,
        {},
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path === '/recruitment/api/application/edit-draft' && c.method === 'POST').at(-1)?.body).toEqual({
      jobSelection: '4',
      answers: { 1: 'Changed, not saved.', 3: NEW_CV },
    });
    // Never the new application's draft: that one is refused while an application is open.
    expect(posts(server)).not.toContain('/recruitment/api/application/draft');
  });

  it('Save Changes waits for a draft save on its way, so it cannot bring the draft back after the edit deleted it', async () => {
    let answerSave: (a: [number, unknown]) => void = () => undefined;
    const server = routes({ 'POST /recruitment/api/application/edit-draft': () => new Promise((resolve) => (answerSave = resolve)) });
    const done = vi.fn();
    renderWithApp(<ApplicationForm user={user} edit={own} onDone={done} />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Why do you want this role?' }), ' More.');
    await waitFor(() => expect(posts(server)).toEqual(['/recruitment/api/application/edit-draft']), { timeout: 3000 });
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(posts(server)).toEqual(['/recruitment/api/application/edit-draft']);
    answerSave([200, { success: true }]);
    await waitFor(() => expect(done).toHaveBeenCalledOnce());
    expect(posts(server)).toEqual(['/recruitment/api/application/edit-draft', '/recruitment/api/application/edit']);
  });

  it('Cancel discards the edit’s draft (its files are then left to the clean-up) and goes back', async () => {
    const server = routes();
    const done = vi.fn();
    renderWithApp(<ApplicationForm user={user} edit={own} onDone={done} />);
    await userEvent.upload(await screen.findByLabelText('Your CV'), new File(['%PDF'], 'new-cv.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(done).toHaveBeenCalledOnce());
    // The save waiting for the pause was dropped, not sent after the discard.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(posts(server)).toEqual(['/recruitment/api/upload-file', '/recruitment/api/application/edit-draft/discard']);
  });
});

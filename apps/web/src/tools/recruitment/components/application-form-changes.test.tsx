import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeApplicationStatus } from '@guildhall/testkit/recruitment-demo';
import { fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { ApplicantView } from './applicant-view';
import { ApplicationForm } from './application-form';

const user = { userId: '111', username: 'ada', isAdmin: false };
const why = { id: 1, text: 'Why do you want this role?', type: 'text', options: null, roleIds: [] };
const mic = { id: 9, text: 'Do you have a microphone?', type: 'text', options: null, roleIds: [] };
const none = makeApplicationStatus();

/** What changes while the applicant fills the form in: questions, roles, the cycle, a reviewer, the chosen role (000 §2, §4). */
describe('the application form when things change while it is filled in', () => {
  it('a submit refused because a question was added shows the question, keeping what was typed', async () => {
    let added = false;
    fakeServer({
      'GET /recruitment/api/roles': () => [200, [{ id: 4, name: 'Officer' }]],
      'GET /recruitment/api/questions': () => [200, added ? [why, mic] : [why]],
      'GET /recruitment/api/application/draft': () => [200, { draft: null }],
      'POST /recruitment/api/application/draft': () => [200, { success: true }],
      'POST /recruitment/api/submit': () => [
        400,
        { error: 'answers.9: "Do you have a microphone?" needs an answer.', code: 'invalid_input' },
      ],
    });
    renderWithApp(<ApplicationForm user={user} />);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Role' }), 'Officer');
    await userEvent.type(screen.getByRole('textbox', { name: 'Why do you want this role?' }), 'To serve');
    added = true;
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Error: answers.9: "Do you have a microphone?" needs an answer.')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Do you have a microphone?' })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Why do you want this role?' })).toHaveValue('To serve');
  });

  it('a submit refused because the role was removed offers the roles there are now', async () => {
    let removed = false;
    fakeServer({
      'GET /recruitment/api/roles': () => [200, removed ? [{ id: 5, name: 'Signaller' }] : [{ id: 4, name: 'Officer' }]],
      'GET /recruitment/api/questions': () => [200, [why]],
      'GET /recruitment/api/application/draft': () => [200, { draft: null }],
      'POST /recruitment/api/application/draft': () => [200, { success: true }],
      'POST /recruitment/api/submit': () => [
        400,
        { error: 'jobSelection: that role does not exist (it may have been removed). Please choose another.', code: 'invalid_input' },
      ],
    });
    renderWithApp(<ApplicationForm user={user} />);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Role' }), 'Officer');
    await userEvent.type(screen.getByRole('textbox', { name: 'Why do you want this role?' }), 'To serve');
    removed = true;
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    await screen.findByText(/^Error: jobSelection: that role does not exist/);
    const role = screen.getByRole('combobox', { name: 'Role' });
    expect(await within(role).findByRole('option', { name: 'Signaller' })).toBeInTheDocument();
    expect(within(role).queryByRole('option', { name: 'Officer' })).not.toBeInTheDocument();
  });

  it("000 §2: a submit refused because applications closed meanwhile shows 'Applications Closed', with the server's text", async () => {
    let closed = false;
    fakeServer({
      'GET /recruitment/api/public-settings': () => [
        200,
        { applicationsOpen: closed ? 'false' : 'true', applicationStartDate: 'N/A', applicationEndDate: 'N/A' },
      ],
      'GET /recruitment/api/application/status': () => [200, none],
      'GET /recruitment/api/roles': () => [200, [{ id: 4, name: 'Officer' }]],
      'GET /recruitment/api/questions': () => [200, [why]],
      'GET /recruitment/api/application/draft': () => [200, { draft: null }],
      'POST /recruitment/api/application/draft': () => [200, { success: true }],
      'POST /recruitment/api/submit': () => [
        403,
        { error: 'Applications are closed. Please check back later.', code: 'recruitment.applications_closed' },
      ],
    });
    renderWithApp(<ApplicantView user={user} />);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Role' }), 'Officer');
    await userEvent.type(screen.getByRole('textbox', { name: 'Why do you want this role?' }), 'To serve');
    closed = true;
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Error: Applications are closed. Please check back later.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Applications Closed', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('We are not currently accepting applications. Please check back later.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Application' })).not.toBeInTheDocument();
  });

  it('issue 13 item 2: an edit refused because a reviewer acted meanwhile goes back to the status view, without Edit', async () => {
    let acted = false;
    const pending = makeApplicationStatus({
      hasApplication: true,
      status: 'Pending',
      stageName: 'Received',
      job: 'Officer',
      applicationId: 7,
      editable: true,
      own: { jobSelection: '4', answers: { 1: 'Because.' }, fileNames: {} },
    });
    fakeServer({
      'GET /recruitment/api/public-settings': () => [
        200,
        { applicationsOpen: 'true', applicationStartDate: 'N/A', applicationEndDate: 'N/A' },
      ],
      'GET /recruitment/api/application/status': () => [
        200,
        acted ? { ...pending, stageName: 'Interview', editable: false, own: null } : pending,
      ],
      'GET /recruitment/api/roles': () => [200, [{ id: 4, name: 'Officer' }]],
      'GET /recruitment/api/questions': () => [200, [why]],
      'POST /recruitment/api/application/edit': () => [
        409,
        {
          error: 'Your application can no longer be changed: a reviewer has already acted on it, or it is no longer pending.',
          code: 'recruitment.not_editable',
        },
      ],
    });
    renderWithApp(<ApplicantView user={user} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Application' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Why do you want this role?' }), ' Really.');
    acted = true;
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(/^Error: Your application can no longer be changed/)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Your Application Status' })).toBeInTheDocument();
    expect(screen.getByTestId('stage-box')).toHaveTextContent('Interview');
    expect(screen.queryByRole('button', { name: 'Edit Application' })).not.toBeInTheDocument();
  });

  it('000 §4: a file uploaded for a role’s question is still done after switching to another role and back', async () => {
    const cv = '/recruitment/api/uploads/0b7c5d1e-0000-4000-8000-000000000002/signal%20cv.pdf';
    const server = fakeServer({
      'GET /recruitment/api/roles': () => [
        200,
        [
          { id: 4, name: 'Officer' },
          { id: 5, name: 'Signaller' },
        ],
      ],
      'GET /recruitment/api/questions': () => [
        200,
        [why, { id: 3, text: 'Signalling licence', type: 'file', options: null, roleIds: [5] }],
      ],
      'GET /recruitment/api/application/draft': () => [200, { draft: null }],
      'POST /recruitment/api/application/draft': () => [200, { success: true }],
      'POST /recruitment/api/upload-file': () => [200, { finalUrl: cv }],
      'POST /recruitment/api/submit': () => [409, { error: 'You have already submitted an application.' }],
    });
    renderWithApp(<ApplicationForm user={user} />);
    const role = await screen.findByRole('combobox', { name: 'Role' });
    await userEvent.selectOptions(role, 'Signaller');
    await userEvent.upload(screen.getByLabelText('Signalling licence'), new File(['%PDF'], 'signal cv.pdf', { type: 'application/pdf' }));
    await screen.findByText(/Upload complete\./);
    await userEvent.selectOptions(role, 'Officer');
    await userEvent.selectOptions(role, 'Signaller');
    expect(screen.getByText(/Upload complete\./)).toHaveTextContent('Upload complete. (signal cv.pdf) View file');
    expect(screen.getByLabelText('Signalling licence')).not.toBeRequired();
    await userEvent.type(screen.getByRole('textbox', { name: 'Why do you want this role?' }), 'Signals');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    await screen.findByText('Error: You have already submitted an application.');
    expect(server.calls.find((c) => c.path === '/recruitment/api/submit')?.body).toEqual({
      jobSelection: '5',
      answers: { 1: 'Signals', 3: cv },
    });
  });
});

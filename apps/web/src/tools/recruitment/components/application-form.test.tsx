import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Route, fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { ApplicationForm } from './application-form';

const user = { userId: '111', username: 'ada', isAdmin: false };
const questions = [
  { id: 1, text: 'Why do you want this role?', type: 'text', options: null, roleIds: [] },
  { id: 2, text: 'Preferred shift', type: 'multiple-choice', options: JSON.stringify(['Day', 'Night']), roleIds: [] },
  { id: 3, text: 'Your CV', type: 'file', options: null, roleIds: [] },
];

function portal(extra: Record<string, Route> = {}) {
  return fakeServer({
    'GET /recruitment/api/roles': () => [200, [{ id: 4, name: 'Officer' }]],
    'GET /recruitment/api/questions': () => [200, questions],
    ...extra,
  });
}

describe('000 §2 application form', () => {
  it("shows 'Loading Application...', then who applies, the role with 'Choose...', each question required by its type", async () => {
    portal();
    renderWithApp(<ApplicationForm user={user} />);
    expect(screen.getByText('Loading Application...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Submit Your Application' })).toBeInTheDocument();
    expect(screen.getByText(/Applying as/)).toHaveTextContent('Applying as ada ✔ Verified User');
    const role = screen.getByRole('combobox', { name: 'Role' });
    expect(role).toBeRequired();
    expect(within(role).getByRole('option', { name: 'Choose...' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Why do you want this role?' })).toBeRequired();
    const shift = screen.getByRole('combobox', { name: 'Preferred shift' });
    expect(shift).toBeRequired();
    expect([...shift.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Choose...', 'Day', 'Night']);
    expect(screen.getByLabelText('Your CV')).toBeRequired();
    expect(screen.getByRole('button', { name: 'Submit Application' })).toBeEnabled();
  });

  it("000 §4 upload: 'Uploading...' with the input disabled, then 'Upload complete.' with a 'View file' link", async () => {
    let finish: (a: [number, unknown]) => void = () => undefined;
    const server = portal({ 'POST /recruitment/api/upload-file': () => new Promise((resolve) => (finish = resolve)) });
    renderWithApp(<ApplicationForm user={user} />);
    const input = await screen.findByLabelText('Your CV');
    await userEvent.upload(input, new File(['%PDF-1.4'], 'my cv.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Uploading...')).toBeInTheDocument();
    expect(screen.getByLabelText('Your CV')).toBeDisabled();
    expect(server.calls.at(-1)?.headers.get('x-filename')).toBe('my%20cv.pdf');
    finish([200, { finalUrl: '/recruitment/uploads/abc.pdf' }]);
    expect(await screen.findByText(/Upload complete\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View file' })).toHaveAttribute('href', '/recruitment/uploads/abc.pdf');
    expect(screen.getByLabelText('Your CV')).not.toBeRequired();
  });

  it("000 §8: a refused upload says 'Upload Failed: Upload failed: {text}' and the question is required again", async () => {
    portal({ 'POST /recruitment/api/upload-file': () => [415, { error: 'Only PDF, PNG and JPEG files are accepted.' }] });
    renderWithApp(<ApplicationForm user={user} />);
    await userEvent.upload(await screen.findByLabelText('Your CV'), new File(['x'], 'cv.exe', { type: 'application/octet-stream' }));
    expect(await screen.findByText('Upload Failed: Upload failed: Only PDF, PNG and JPEG files are accepted.')).toBeInTheDocument();
    expect(screen.getByLabelText('Your CV')).toBeEnabled();
    expect(screen.getByLabelText('Your CV')).toBeRequired();
  });

  it("000 §8: a refused submit says 'Error: {server text}' and sends the role and every answer", async () => {
    const server = portal({
      'POST /recruitment/api/upload-file': () => [200, { finalUrl: '/recruitment/uploads/cv.pdf' }],
      'POST /recruitment/api/submit': () => [409, { error: 'You have already submitted an application.' }],
    });
    renderWithApp(<ApplicationForm user={user} />);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Role' }), 'Officer');
    await userEvent.type(screen.getByRole('textbox', { name: 'Why do you want this role?' }), 'To serve');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Preferred shift' }), 'Night');
    await userEvent.upload(screen.getByLabelText('Your CV'), new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    await screen.findByText(/Upload complete\./);
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Error: You have already submitted an application.')).toBeInTheDocument();
    expect(server.calls.find((c) => c.path === '/recruitment/api/submit')?.body).toEqual({
      jobSelection: '4',
      answers: { 1: 'To serve', 2: 'Night', 3: '/recruitment/uploads/cv.pdf' },
    });
  });

  it('issue 13 item 3: shows the questions of the chosen role, and sends only their answers', async () => {
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
        [
          { id: 1, text: 'Why do you want this role?', type: 'text', options: null, roleIds: [] },
          { id: 7, text: 'Which signal box?', type: 'text', options: null, roleIds: [5] },
        ],
      ],
      'POST /recruitment/api/submit': () => [409, { error: 'You have already submitted an application.' }],
    });
    renderWithApp(<ApplicationForm user={user} />);
    await screen.findByRole('combobox', { name: 'Role' });
    expect(screen.queryByRole('textbox', { name: 'Which signal box?' })).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Signaller');
    await userEvent.type(screen.getByRole('textbox', { name: 'Which signal box?' }), 'Box 3');
    await userEvent.type(screen.getByRole('textbox', { name: 'Why do you want this role?' }), 'Signals');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Officer');
    expect(screen.queryByRole('textbox', { name: 'Which signal box?' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    await screen.findByText('Error: You have already submitted an application.');
    expect(server.calls.find((c) => c.path === '/recruitment/api/submit')?.body).toEqual({ jobSelection: '4', answers: { 1: 'Signals' } });
  });
});

describe('the applicant’s journey through the form', () => {
  const CV = '/recruitment/api/uploads/0b7c5d1e-0000-4000-8000-000000000001/cv.pdf';

  async function fillIn() {
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Role' }), 'Officer');
    await userEvent.type(screen.getByRole('textbox', { name: 'Why do you want this role?' }), 'To serve');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Preferred shift' }), 'Night');
    await userEvent.upload(screen.getByLabelText('Your CV'), new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    await screen.findByText(/Upload complete\./);
  }

  it('000 §4 one application: a double click on Submit Application sends one submission', async () => {
    const server = portal({
      'POST /recruitment/api/upload-file': () => [200, { finalUrl: CV }],
      'POST /recruitment/api/submit': () => [409, { error: 'You have already submitted an application.' }],
    });
    renderWithApp(<ApplicationForm user={user} />);
    await fillIn();
    const button = screen.getByRole('button', { name: 'Submit Application' });
    // Two clicks in one go, as a double click lands before React has rendered the button off.
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText('Error: You have already submitted an application.')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path === '/recruitment/api/submit')).toHaveLength(1);
    // After a refusal the button works again.
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/recruitment/api/submit')).toHaveLength(2));
  });

  it('drops a pasted NUL character, which the applicant cannot see and the server refuses', async () => {
    const server = portal({
      'POST /recruitment/api/upload-file': () => [200, { finalUrl: CV }],
      'POST /recruitment/api/submit': () => [409, { error: 'You have already submitted an application.' }],
    });
    renderWithApp(<ApplicationForm user={user} />);
    await fillIn();
    const answer = screen.getByRole('textbox', { name: 'Why do you want this role?' });
    fireEvent.change(answer, { target: { value: 'สวัสดี 🚂\u0000 ok' } });
    expect(answer).toHaveValue('สวัสดี 🚂 ok');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    await screen.findByText('Error: You have already submitted an application.');
    expect(server.calls.find((c) => c.path === '/recruitment/api/submit')?.body).toMatchObject({ answers: { 1: 'สวัสดี 🚂 ok' } });
  });

  it("000 §4 'Upload complete.' names the file as the server stored it (its type found in the bytes)", async () => {
    portal({ 'POST /recruitment/api/upload-file': () => [200, { finalUrl: CV.replace('cv.pdf', 'con.pdf') }] });
    renderWithApp(<ApplicationForm user={user} />);
    await userEvent.upload(await screen.findByLabelText('Your CV'), new File(['%PDF'], 'con.png', { type: 'image/png' }));
    expect(await screen.findByText(/Upload complete\./)).toHaveTextContent('Upload complete. (con.pdf) View file');
  });

  it('000 §4/§8: a refused replacement keeps the file uploaded before it, done and sent', async () => {
    let refuse = false;
    const server = portal({
      'POST /recruitment/api/upload-file': () => (refuse ? [413, { error: 'The file is larger than 10 MB.' }] : [200, { finalUrl: CV }]),
      'POST /recruitment/api/submit': () => [409, { error: 'You have already submitted an application.' }],
    });
    renderWithApp(<ApplicationForm user={user} />);
    await fillIn();
    refuse = true;
    await userEvent.upload(screen.getByLabelText('Your CV'), new File(['%PDF'], 'huge.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Upload Failed: Upload failed: The file is larger than 10 MB.')).toBeInTheDocument();
    expect(screen.getByText(/Upload complete\./)).toHaveTextContent('Upload complete. (cv.pdf) View file');
    expect(screen.getByLabelText('Your CV')).not.toBeRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    await screen.findByText('Error: You have already submitted an application.');
    expect(server.calls.find((c) => c.path === '/recruitment/api/submit')?.body).toMatchObject({ answers: { 3: CV } });
  });
});

describe('issue 13 item 2: editing the application', () => {
  it("reads 'Saving...' with the button off while the edit is on its way, so a second click sends nothing", async () => {
    let finish: (a: [number, unknown]) => void = () => undefined;
    const server = portal({ 'POST /recruitment/api/application/edit': () => new Promise((resolve) => (finish = resolve)) });
    const own = {
      jobSelection: '4',
      answers: { '1': 'Because.', '2': 'Day', '3': '/recruitment/api/uploads/0b7c5d1e-0000-4000-8000-000000000001/cv.pdf' },
      fileNames: { '3': 'cv.pdf' },
    };
    renderWithApp(<ApplicationForm user={user} edit={own} onDone={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));
    const saving = await screen.findByRole('button', { name: 'Saving...' });
    expect(saving).toBeDisabled();
    await userEvent.click(saving);
    expect(server.calls.filter((c) => c.path === '/recruitment/api/application/edit')).toHaveLength(1);
    finish([200, { success: true }]);
    expect(await screen.findByRole('button', { name: 'Save Changes' })).toBeEnabled();
  });
});

import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ApplicationStatusAnswer } from '@guildhall/contracts/recruitment';
import { fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { ApplicantControls, ApplicationHistory } from './applicant-controls';

const status = (over: Partial<ApplicationStatusAnswer>): ApplicationStatusAnswer => ({
  hasApplication: true,
  status: 'Pending',
  stageId: 1,
  statusLastUpdatedAt: '2026-11-22T10:00:00.000Z',
  feedback: null,
  stageName: 'Received',
  stageColor: '#6c757d',
  job: 'Officer',
  globalProcessAnnouncement: '',
  globalProcessLastUpdatedAt: '',
  applicationId: 7,
  withdrawnAt: null,
  editable: true,
  mayReapply: false,
  reapplyFrom: null,
  history: [],
  own: null,
  ...over,
});

describe('issue 13 item 2: the applicant’s own controls', () => {
  it('withdraws only after the confirmation, through POST /application/withdraw', async () => {
    const server = fakeServer({ 'POST /recruitment/api/application/withdraw': () => [200, { success: true }] });
    const onEdit = vi.fn();
    renderWithApp(<ApplicantControls status={status({})} onEdit={onEdit} onApplyAgain={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Application' }));
    expect(onEdit).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw Application' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw your application?' });
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Your application was withdrawn.', { selector: '.ui-toast__title' })).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/recruitment/api/application/withdraw']);
    expect(dialog).not.toBeInTheDocument();
  });

  it('a double click on Withdraw sends one withdrawal, and no error follows the success', async () => {
    let withdrawn = false;
    const server = fakeServer({
      'POST /recruitment/api/application/withdraw': () =>
        withdrawn
          ? [409, { error: 'You have no pending application.', code: 'recruitment.no_open_application' }]
          : ((withdrawn = true), [200, { success: true }]),
    });
    renderWithApp(<ApplicantControls status={status({})} onEdit={() => undefined} onApplyAgain={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw Application' }));
    const withdraw = await screen.findByRole('button', { name: 'Withdraw' });
    // Two clicks in one go, as a double click lands before React has rendered the button off.
    fireEvent.click(withdraw);
    fireEvent.click(withdraw);
    expect(await screen.findByText('Your application was withdrawn.', { selector: '.ui-toast__title' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(screen.queryByText(/no pending application/)).not.toBeInTheDocument();
  });

  it('offers Apply Again once closed, or says from when; decided or reviewed applications cannot be edited', () => {
    fakeServer({});
    const first = renderWithApp(
      <ApplicantControls
        status={status({ status: 'Declined', editable: false, mayReapply: true })}
        onEdit={() => undefined}
        onApplyAgain={() => undefined}
      />,
    );
    expect(screen.getByRole('button', { name: 'Apply Again' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Application' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw Application' })).not.toBeInTheDocument();
    first.unmount();
    renderWithApp(
      <ApplicantControls
        status={status({ status: 'Declined', editable: false, reapplyFrom: '2026-12-01T10:00:00.000Z' })}
        onEdit={() => undefined}
        onApplyAgain={() => undefined}
      />,
    );
    expect(screen.getByText('You may apply again from 01/12/2026.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply Again' })).not.toBeInTheDocument();
  });

  it('lists every application, newest first, once there is more than one', () => {
    renderWithApp(
      <ApplicationHistory
        status={status({
          history: [
            {
              id: 8,
              job: 'Officer',
              status: 'Pending',
              stageName: 'Received',
              submittedAt: '2026-11-22T10:00:00.000Z',
              withdrawnAt: null,
              closedAt: null,
            },
            {
              id: 7,
              job: 'Signaller',
              status: 'Pending',
              stageName: 'Received',
              submittedAt: '2026-11-20T10:00:00.000Z',
              withdrawnAt: '2026-11-21T10:00:00.000Z',
              closedAt: '2026-11-21T10:00:00.000Z',
            },
          ],
        })}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/^Officer · submitted .* · Pending \(Received\)$/);
    expect(items[1]).toHaveTextContent(/^Signaller · submitted .* · withdrawn /);
  });
});

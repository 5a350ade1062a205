import { useRef, useState } from 'react';
import type { ApplicationStatusAnswer } from '@guildhall/contracts/recruitment';
import { Button } from '@/ui/button';
import { Modal } from '@/ui/modal';
import { useToast } from '@/ui/toast';
import { useWithdrawApplication } from '../api/withdraw-application';
import { formatTimestamp } from '../lib/format';
import { updateFailureText } from '../lib/messages';

/**
 * Issue 13 item 2 on the status view: Edit (while no reviewer has acted), Withdraw (a Pending
 * application, after a confirmation), Apply Again (closed, and the cooldown over) or the day it ends.
 */
export function ApplicantControls({
  status,
  onEdit,
  onApplyAgain,
}: {
  status: ApplicationStatusAnswer;
  onEdit(): void;
  onApplyAgain(): void;
}) {
  const withdraw = useWithdrawApplication();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  // Set in the click itself, as the form's Submit does: a double click lands before React renders the
  // button off, and its second withdrawal was refused ('no pending application') after the first succeeded.
  const sending = useRef(false);
  const open = status.withdrawnAt === null && status.status === 'Pending';

  const confirm = async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      await withdraw.mutateAsync();
      setConfirming(false);
      toast({ title: 'Your application was withdrawn.', tone: 'success' });
    } catch (error) {
      toast({ title: updateFailureText(error), tone: 'danger' });
    } finally {
      sending.current = false;
    }
  };

  return (
    <div className="recruitment-applicant-controls">
      {status.withdrawnAt && <p className="recruitment-muted">You withdrew this application on {formatTimestamp(status.withdrawnAt)}.</p>}
      {status.reapplyFrom && (
        <p className="recruitment-muted">You may apply again from {new Date(status.reapplyFrom).toLocaleDateString('en-GB')}.</p>
      )}
      <div className="recruitment-applicant-controls__buttons">
        {status.editable && (
          <Button variant="secondary" onClick={onEdit}>
            Edit Application
          </Button>
        )}
        {open && (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Withdraw Application
          </Button>
        )}
        {status.mayReapply && <Button onClick={onApplyAgain}>Apply Again</Button>}
      </div>
      <Modal
        open={confirming}
        title="Withdraw your application?"
        onOpenChange={setConfirming}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep It
            </Button>
            <Button variant="danger" disabled={withdraw.isPending} onClick={() => void confirm()}>
              Withdraw
            </Button>
          </>
        }
      >
        <p>The team will no longer review it. You can apply again later{status.reapplyFrom ? '' : ' while applications are open'}.</p>
      </Modal>
    </div>
  );
}

/** Issue 13 item 2: every application of this person, newest first. */
export function ApplicationHistory({ status }: { status: ApplicationStatusAnswer }) {
  if (status.history.length < 2) return null;
  return (
    <section className="recruitment-card" aria-labelledby="application-history">
      <h2 id="application-history">Your Applications</h2>
      <ol className="recruitment-history">
        {status.history.map((h) => (
          <li key={h.id}>
            <strong>{h.job}</strong> · submitted {formatTimestamp(h.submittedAt)} ·{' '}
            {h.withdrawnAt ? `withdrawn ${formatTimestamp(h.withdrawnAt)}` : `${h.status}${h.stageName ? ` (${h.stageName})` : ''}`}
          </li>
        ))}
      </ol>
    </section>
  );
}

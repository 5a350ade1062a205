import { useState, type ReactNode } from 'react';
import { Button } from '@/ui/button';
import { Modal } from '@/ui/modal';

interface ConfirmRevokeProps {
  /** The Revoke button's accessible name: what it takes from whom, e.g. "Revoke key Community bot (abcd1234)". */
  label: string;
  /** The question the dialog asks. */
  question: ReactNode;
  /** What happens once it is done. */
  consequence: string;
  /** The confirming button, e.g. "Revoke key". */
  confirm: string;
  pending: boolean;
  onRevoke(): void;
  /** The Revoke button's look: a role can be granted again, so its button is quieter than a key's. */
  variant?: 'danger' | 'secondary';
}

/**
 * A Revoke button that asks first, in a dialog (focus moves into it and back to the button on Cancel).
 * A key's revoke always asked (it cannot be undone); decision 0074: a role's does too, since one click
 * beside the wrong row took a role, an owner's included, from someone in use of it.
 */
export function ConfirmRevoke({ label, question, consequence, confirm, pending, onRevoke, variant = 'danger' }: ConfirmRevokeProps) {
  const [open, setOpen] = useState(false);
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      size="sm"
      title={question}
      description={consequence}
      trigger={
        <Button variant={variant} size="sm" aria-label={label} disabled={pending}>
          Revoke
        </Button>
      }
      footer={
        <>
          <Button size="sm" variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button
            size="sm"
            variant="danger"
            onClick={() => {
              setOpen(false);
              onRevoke();
            }}
          >
            {confirm}
          </Button>
        </>
      }
    />
  );
}

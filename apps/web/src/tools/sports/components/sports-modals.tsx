import { type ReactNode, useEffect, useRef } from 'react';
import { Button } from '@/ui/button';
import { Modal } from '@/ui/modal';
import { useSportsT } from '../messages';

/** 002 §2 "an error modal": one message and a way out. */
export function ErrorModal({ message, onClose }: { message: string | null; onClose(): void }) {
  const { t } = useSportsT();
  return (
    <Modal
      open={message !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('modal.error')}
      size="sm"
      footer={<Button onClick={onClose}>{t('modal.ok')}</Button>}
    >
      <p className="sports-modal__text" role="alert">
        {message}
      </p>
    </Modal>
  );
}

/** The confirm-registration, confirm-withdrawal and status-change modals (002 §5 texts). */
export function ConfirmModal({
  open,
  title,
  text,
  note,
  confirmLabel,
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: ReactNode;
  text: string;
  /** Said after 002's text, never in its place: what else confirming will do. */
  note?: string;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useSportsT();
  // A double click confirmed twice before `busy` had disabled the button (a second registration came
  // back 409 as an error). One confirmation per opening, until the action settles.
  const confirmed = useRef(false);
  useEffect(() => {
    confirmed.current = false;
  }, [open, busy]);
  const confirm = () => {
    if (confirmed.current) return;
    confirmed.current = true;
    onConfirm();
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('modal.cancel')}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={confirm} disabled={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className="sports-modal__text">{text}</p>
      {note && <p className="sports-modal__text sports-modal__note">{note}</p>}
    </Modal>
  );
}

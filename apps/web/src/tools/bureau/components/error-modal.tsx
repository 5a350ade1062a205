import { Button } from '@/ui/button';
import { Modal } from '@/ui/modal';

/**
 * 001 §2 and §8: the records tool's error modal, titled 'An Error Occurred' in red, with the message
 * and a Close button. `message` null keeps it closed.
 */
export function ErrorModal({ message, onClose }: { message: string | null; onClose(): void }) {
  return (
    <Modal
      open={message !== null}
      onOpenChange={(open) => !open && onClose()}
      title={<span className="records__error-title">An Error Occurred</span>}
      description={message ?? ''}
      footer={<Button onClick={onClose}>Close</Button>}
      // 001 §2: the modal's own button is 'Close'; the corner × gets another name so there is one 'Close'.
      closeLabel="Dismiss"
      size="sm"
    />
  );
}

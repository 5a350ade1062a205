import { Button } from '@/ui/button';
import { Modal } from '@/ui/modal';

/**
 * The recruitment settings' Delete button that asks first (issue 13 items 1, 3): a small dialog
 * naming what goes and what stays, with Cancel and Delete.
 */
export function ConfirmDeleteModal({
  open,
  onOpenChange,
  title,
  description,
  label,
  onConfirm,
  pending,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** The Delete button's accessible name, naming the item (several sit side by side). */
  label: string;
  onConfirm: () => void;
  pending: boolean;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title={title}
      description={description}
      trigger={
        <Button size="sm" variant="ghost" aria-label={label}>
          Delete
        </Button>
      }
      footer={
        <>
          <Button size="sm" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button size="sm" variant="danger" onClick={onConfirm} disabled={pending}>
            Delete
          </Button>
        </>
      }
    />
  );
}

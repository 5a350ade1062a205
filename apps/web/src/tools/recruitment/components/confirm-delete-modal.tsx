import { useState } from 'react';
import { Button } from '@/ui/button';
import { Modal } from '@/ui/modal';
import { useToast } from '@/ui/toast';
import { updateFailureText } from '../lib/messages';

/** A delete mutation of one item by id (a stage, role, question or criterion). */
interface DeleteById {
  mutate: (id: number, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
}

/**
 * The recruitment settings' Delete button that asks first (issue 13 items 1, 3): a small dialog
 * naming what goes and what stays, with Cancel and Delete; a refusal is a toast in the server's words.
 */
export function ConfirmDeleteModal({
  title,
  description,
  label,
  remove,
  id,
  onDeleted,
}: {
  title: string;
  description: string;
  /** The Delete button's accessible name, naming the item (several sit side by side). */
  label: string;
  remove: DeleteById;
  id: number;
  onDeleted: () => void;
}) {
  const [open, setOpen] = useState(false);
  const toast = useToast();
  const confirm = () =>
    remove.mutate(id, {
      onSuccess: () => {
        setOpen(false);
        onDeleted();
      },
      onError: (error) => {
        setOpen(false);
        toast({ title: updateFailureText(error), tone: 'danger' });
      },
    });
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
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
          <Button size="sm" variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button size="sm" variant="danger" onClick={confirm} disabled={remove.isPending}>
            Delete
          </Button>
        </>
      }
    />
  );
}

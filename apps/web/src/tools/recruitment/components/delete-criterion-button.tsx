import { useState } from 'react';
import { Button } from '@/ui/button';
import { Modal } from '@/ui/modal';
import { useToast } from '@/ui/toast';
import { useDeleteCriterion } from '../api/delete-criterion';
import { updateFailureText } from '../lib/messages';

/**
 * Issue 13 item 1: deleting a criterion hides every score reviewers gave on it (their reviews keep
 * them, but only the role's current criteria are shown), and one stray click did that at once. It
 * asks first, as the stage, role and question deletes do.
 */
export function DeleteCriterionButton({ id, name, roleName }: { id: number; name: string; roleName: string }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteCriterion();
  const toast = useToast();
  const confirm = () =>
    remove.mutate(id, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: `Deleted criterion “${name}”.`, tone: 'success' });
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
      title={`Delete criterion “${name}” of ${roleName}?`}
      description="Scores reviewers gave on it are no longer shown. A new criterion of the same name starts with no scores."
      trigger={
        <Button size="sm" variant="ghost" aria-label={`Delete criterion ${name} of ${roleName}`}>
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

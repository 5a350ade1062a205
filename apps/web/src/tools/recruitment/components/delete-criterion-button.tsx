import { useState } from 'react';
import { useToast } from '@/ui/toast';
import { useDeleteCriterion } from '../api/delete-criterion';
import { updateFailureText } from '../lib/messages';
import { ConfirmDeleteModal } from './confirm-delete-modal';

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
    <ConfirmDeleteModal
      open={open}
      onOpenChange={setOpen}
      title={`Delete criterion “${name}” of ${roleName}?`}
      description="Scores reviewers gave on it are no longer shown. A new criterion of the same name starts with no scores."
      label={`Delete criterion ${name} of ${roleName}`}
      onConfirm={confirm}
      pending={remove.isPending}
    />
  );
}

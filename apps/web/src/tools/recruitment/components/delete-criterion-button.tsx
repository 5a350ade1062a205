import { useToast } from '@/ui/toast';
import { useDeleteCriterion } from '../api/delete-criterion';
import { ConfirmDeleteModal } from './confirm-delete-modal';

/**
 * Issue 13 item 1: deleting a criterion hides every score reviewers gave on it (their reviews keep
 * them, but only the role's current criteria are shown), and one stray click did that at once. It
 * asks first, as the stage, role and question deletes do.
 */
export function DeleteCriterionButton({ id, name, roleName }: { id: number; name: string; roleName: string }) {
  const remove = useDeleteCriterion();
  const toast = useToast();
  return (
    <ConfirmDeleteModal
      title={`Delete criterion “${name}” of ${roleName}?`}
      description="Scores reviewers gave on it are no longer shown. A new criterion of the same name starts with no scores."
      label={`Delete criterion ${name} of ${roleName}`}
      remove={remove}
      id={id}
      onDeleted={() => toast({ title: `Deleted criterion “${name}”.`, tone: 'success' })}
    />
  );
}

import type { ManagedList } from '@guildhall/contracts/recruitment';
import { Button } from '@/ui/button';
import { useToast } from '@/ui/toast';
import { useDeleteQuestion } from '../api/delete-question';
import { useDeleteRole } from '../api/delete-role';
import { useDeleteStage } from '../api/delete-stage';
import { useQueryClient } from '@tanstack/react-query';
import { recruitmentKeys } from '../api/keys';
import { restoreItem } from '../api/restore-item';
import { updateFailureText } from '../lib/messages';
import { ConfirmDeleteModal } from './confirm-delete-modal';

const NOUN: Record<ManagedList, string> = { stages: 'stage', roles: 'role', questions: 'question' };
const KEEPS: Record<ManagedList, string> = {
  stages: 'Applications at this stage keep its name, colour and their status.',
  roles: 'Applications for this role keep the role name they were made for.',
  questions: 'Applications keep their answers and the question text they were answered under.',
};

/**
 * Issue 13 item 3: a Delete button that asks first, then offers Undo for a while (the server keeps a
 * removed stage, role or question and restores it in its old place). The 000 §7 delete call is the
 * same as before.
 */
export function DeleteWithUndo({ list, id, name }: { list: ManagedList; id: number; name: string }) {
  const toast = useToast();
  const deleteStage = useDeleteStage();
  const deleteRole = useDeleteRole();
  const deleteQuestion = useDeleteQuestion();
  const remove = { stages: deleteStage, roles: deleteRole, questions: deleteQuestion }[list];
  const client = useQueryClient();
  const noun = NOUN[list];

  // The row is gone once deleted, so Undo (in the toast) must not rely on this component's hooks:
  // it calls the fetcher and uses the app's query client and toasts, which outlive the row.
  // One restore per toast: a double click on Undo restored, then answered 'There is no such role'.
  // Once restored, the Deleted toast closes: its Undo has nothing left to undo.
  const undoOnce = (closeDeleted: () => void) => {
    let restoring = false;
    return () => {
      if (restoring) return;
      restoring = true;
      restoreItem(list, id)
        .then(async () => {
          closeDeleted();
          await client.invalidateQueries({ queryKey: recruitmentKeys[list] });
          toast({ title: `Restored ${noun} “${name}”.`, tone: 'success' });
        })
        .catch((error: unknown) => {
          restoring = false;
          toast({ title: updateFailureText(error), tone: 'danger' });
        });
    };
  };
  const showDeleted = () => {
    const deleted = { close: () => {} };
    deleted.close = toast({
      title: `Deleted ${noun} “${name}”.`,
      description: (
        <Button size="sm" variant="secondary" onClick={undoOnce(() => deleted.close())}>
          Undo
        </Button>
      ),
      duration: 10_000,
    });
  };

  return (
    <ConfirmDeleteModal
      title={`Delete ${noun} “${name}”?`}
      description={KEEPS[list]}
      label={`Delete ${noun} ${name}`}
      remove={remove}
      id={id}
      onDeleted={showDeleted}
    />
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import type { Draft } from '@guildhall/contracts/recruitment';
import { type DraftKind, useDraft } from '../api/get-draft';
import { useSaveDraft } from '../api/save-draft';

/** How long typing must pause before the draft is saved. */
const SAVE_AFTER_MS = 800;

/**
 * Issue 13 item 2: the application form's draft on the server; decision 0028: the edit form's too,
 * whose file answers keep its uploads from the orphan clean-up while it stays open. Once loaded,
 * `restore` gets it (role and answers, uploaded files' URLs among them); after that every change is
 * saved when typing pauses. Answers whether the draft has been restored, when it was last saved, and
 * `cancelSave` for Submit, Save Changes and Cancel: it drops the save still waiting and answers once a
 * save already on its way has been answered.
 */
export function useFormDraft(
  kind: DraftKind,
  role: string,
  answers: Record<string, string>,
  restore: (draft: Draft) => void,
): { ready: boolean; savedAt: Date | null; cancelSave: () => Promise<void> } {
  const draft = useDraft(kind);
  const save = useSaveDraft(kind);
  const [ready, setReady] = useState(false);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const first = useRef(true);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<Promise<unknown>>(Promise.resolve());

  useEffect(() => {
    if (ready || !draft.isSuccess) return;
    if (draft.data.draft) restore(draft.data.draft);
    setReady(true);
  }, [ready, draft.isSuccess, draft.data, restore]);

  useEffect(() => {
    if (!ready) return;
    // The restore itself is not a change worth saving.
    if (first.current) {
      first.current = false;
      return;
    }
    timer.current = setTimeout(() => {
      inFlight.current = save.mutateAsync({ jobSelection: role, answers }).then(
        () => setSavedAt(new Date()),
        () => undefined,
      );
    }, SAVE_AFTER_MS);
    return () => clearTimeout(timer.current);
  }, [ready, role, answers]); // eslint-disable-line react-hooks/exhaustive-deps -- save on changes to the form only

  // 000 §4: Submit drops the save still waiting for typing to pause; the submission carries those
  // answers, and a save sent after it would only be refused (the draft ends with the application).
  // Decision 0028: an edit's save still on its way would land after Save Changes deleted the draft
  // (or Cancel discarded it) and bring it back, so those wait for it.
  const cancelSave = useCallback(() => {
    clearTimeout(timer.current);
    return inFlight.current.then(() => undefined);
  }, []);

  return { ready: ready || draft.isError, savedAt, cancelSave };
}

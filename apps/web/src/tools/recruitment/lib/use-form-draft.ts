import { useCallback, useEffect, useRef, useState } from 'react';
import type { Draft } from '@guildhall/contracts/recruitment';
import { useDraft } from '../api/get-draft';
import { useSaveDraft } from '../api/save-draft';

/** How long typing must pause before the draft is saved. */
const SAVE_AFTER_MS = 800;

/**
 * Issue 13 item 2: the application form's draft on the server. Once loaded, `restore` gets it (role
 * and answers, uploaded files' URLs among them); after that every change is saved when typing pauses.
 * Answers whether the draft has been restored, when it was last saved, and `cancelSave` for Submit.
 */
export function useFormDraft(
  enabled: boolean,
  role: string,
  answers: Record<string, string>,
  restore: (draft: Draft) => void,
): { ready: boolean; savedAt: Date | null; cancelSave: () => void } {
  const draft = useDraft(enabled);
  const save = useSaveDraft();
  const [ready, setReady] = useState(false);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const first = useRef(true);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!enabled || ready || !draft.isSuccess) return;
    if (draft.data.draft) restore(draft.data.draft);
    setReady(true);
  }, [enabled, ready, draft.isSuccess, draft.data, restore]);

  useEffect(() => {
    if (!enabled || !ready) return;
    // The restore itself is not a change worth saving.
    if (first.current) {
      first.current = false;
      return;
    }
    timer.current = setTimeout(() => {
      save.mutate({ jobSelection: role, answers }, { onSuccess: () => setSavedAt(new Date()) });
    }, SAVE_AFTER_MS);
    return () => clearTimeout(timer.current);
  }, [enabled, ready, role, answers]); // eslint-disable-line react-hooks/exhaustive-deps -- save on changes to the form only

  // 000 §4: Submit drops the save still waiting for typing to pause; the submission carries those
  // answers, and a save sent after it would only be refused (the draft ends with the application).
  const cancelSave = useCallback(() => clearTimeout(timer.current), []);

  return { ready: !enabled || ready || draft.isError, savedAt, cancelSave };
}

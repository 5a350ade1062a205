import { useEffect, useRef, useState } from 'react';
import type { Draft } from '@guildhall/contracts/recruitment';
import { useDraft } from '../api/get-draft';
import { useSaveDraft } from '../api/save-draft';

/** How long typing must pause before the draft is saved. */
const SAVE_AFTER_MS = 800;

/**
 * Issue 13 item 2: the application form's draft on the server. Once loaded, `restore` gets it (role,
 * answers, and the names of uploaded files); after that every change is saved when typing pauses.
 * Answers whether the draft has been restored and when it was last saved.
 */
export function useFormDraft(
  enabled: boolean,
  role: string,
  answers: Record<string, string>,
  restore: (draft: Draft) => void,
): { ready: boolean; savedAt: Date | null; fileNames: Record<string, string> } {
  const draft = useDraft(enabled);
  const save = useSaveDraft();
  const [ready, setReady] = useState(false);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [fileNames, setFileNames] = useState<Record<string, string>>({});
  const first = useRef(true);

  useEffect(() => {
    if (!enabled || ready || !draft.isSuccess) return;
    if (draft.data.draft) {
      restore(draft.data.draft);
      setFileNames(draft.data.draft.fileNames);
    }
    setReady(true);
  }, [enabled, ready, draft.isSuccess, draft.data, restore]);

  useEffect(() => {
    if (!enabled || !ready) return;
    // The restore itself is not a change worth saving.
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => {
      save.mutate({ jobSelection: role, answers }, { onSuccess: () => setSavedAt(new Date()) });
    }, SAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [enabled, ready, role, answers]); // eslint-disable-line react-hooks/exhaustive-deps -- save on changes to the form only

  return { ready: !enabled || ready || draft.isError, savedAt, fileNames };
}

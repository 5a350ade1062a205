import { useState } from 'react';

export interface SettingDraft {
  /** What the field shows: the admin's unsaved text, else the saved value. */
  value: string;
  /** The admin has typed something other than the saved value. */
  dirty: boolean;
  /** While dirty, the saved value changed underneath (another admin saved): the admin's Save replaces it. */
  savedElsewhere: boolean;
  change: (text: string) => void;
  /** Follow the saved value again: after a save, or to load the value another admin saved. */
  discard: () => void;
}

/**
 * A 000 §2 Settings field saved with its own button (the announcement, the days settings). Several
 * admins edit these at once and the settings are read again after every write (000 §7 update answers
 * all settings), so a local copy reset from each read threw away what an admin was typing. The saved
 * value is followed only while the field is not dirty; `base` is the saved value the edit started
 * from, so a different one arriving later is reported instead of silently kept or silently taken.
 */
export function useSettingDraft(saved: string): SettingDraft {
  const [edit, setEdit] = useState<{ text: string; base: string } | null>(null);
  const dirty = edit !== null && edit.text !== saved;
  return {
    value: dirty ? edit.text : saved,
    dirty,
    savedElsewhere: dirty && edit.base !== saved,
    change: (text) => setEdit((current) => ({ text, base: current && current.text !== saved ? current.base : saved })),
    discard: () => setEdit(null),
  };
}

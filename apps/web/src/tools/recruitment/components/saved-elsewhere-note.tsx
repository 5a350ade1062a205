import { Button } from '@/ui/button';
import type { SettingDraft } from '../lib/use-setting-draft';

/**
 * Beside a 000 §2 Settings field whose saved value another admin changed while this admin was typing:
 * says that Save will replace theirs, and offers to load it instead (the typing is kept until then).
 */
export function SavedElsewhereNote({ draft, what, loadLabel }: { draft: SettingDraft; what: string; loadLabel: string }) {
  if (!draft.savedElsewhere) return null;
  return (
    <p className="recruitment-saved-elsewhere" role="status">
      Another admin saved a different {what}. Saving will replace it.{' '}
      <Button type="button" size="sm" variant="ghost" onClick={draft.discard}>
        {loadLabel}
      </Button>
    </p>
  );
}

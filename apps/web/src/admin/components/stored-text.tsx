import { showDirectionControls } from '@guildhall/contracts/admin';

/**
 * Free text someone stored (a key's name, an audit line's actor or detail), as the console shows it:
 * its direction controls written out, and isolated, so even right-to-left letters in it cannot move the
 * quotes, ids and separators around it.
 */
export function StoredText({ text }: { text: string }) {
  return <bdi>{showDirectionControls(text)}</bdi>;
}

import { showStoredText } from '@guildhall/contracts/admin';

/**
 * Free text someone stored (a key's name, an audit line's actor or detail), as the console shows it:
 * its direction controls, control characters and marks stacked past four written out (showStoredText,
 * decision 0067), and isolated, so even right-to-left letters in it cannot move the quotes, ids and
 * separators around it.
 */
export function StoredText({ text }: { text: string }) {
  return <bdi>{showStoredText(text)}</bdi>;
}

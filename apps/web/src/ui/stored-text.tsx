import { showStoredText } from '@guildhall/contracts/stored-text';

/**
 * Free text someone else chose (a key's name, an audit line's actor or detail, a LINE user's name), as
 * every page shows it:
 * its direction controls, control characters and marks stacked past four written out (showStoredText,
 * decision 0067), and isolated, so even right-to-left letters in it cannot move the quotes, ids and
 * separators around it.
 */
export function StoredText({ text }: { text: string }) {
  return <bdi>{showStoredText(text)}</bdi>;
}

// Text someone else chose (a bot key's name, a LINE user's name, an infraction's reason, a student ID
// tried at sign-in), as every page and PDF shows it (decisions 0067, 0069). Apart from the admin
// contracts so that any tool, and a first paint, can use it without them.

/**
 * Unicode's text-direction controls: the embeddings and overrides (U+202A-U+202E), the isolates
 * (U+2066-U+2069) and the marks (U+200E, U+200F, U+061C). A key named with U+202E shows reversed in the
 * console and the audit log, so an owner could be misled about which key is which (owner console audit).
 * Letters of right-to-left scripts are not controls and are kept.
 */
export const TEXT_DIRECTION_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

// Control characters, and the line and paragraph separators (U+2028, U+2029), at which a browser
// breaks the line as at a line feed.
const WRITTEN_OUT = new RegExp(`${TEXT_DIRECTION_CONTROLS.source}|[\\p{Cc}\\p{Zl}\\p{Zp}]`, 'gu');
// A mark, and the invisible format characters a font passes over when it places marks (a zero-width
// joiner between groups of four still piled them all on one letter).
const MARK = '[\\p{Mn}\\p{Me}]';
const INVISIBLE = '[\\p{Cf}\\p{Default_Ignorable_Code_Point}]*';
// Every mark that has four marks before it: the first four stay on their letter.
const MARKS_PAST_FOUR = new RegExp(`(?<=(?:${MARK}${INVISIBLE}){4})${MARK}`, 'gu');
/** Five marks on one letter, the invisible characters between them aside (decision 0067). */
export const STACKED_MARKS = new RegExp(`(?:${MARK}${INVISIBLE}){4}${MARK}`, 'u');
const codePoint = (c: string) => `[U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`;

/**
 * Decision 0067: text someone else chose (a key's name, a student ID tried at a school sign-in, an audit
 * line quoting either) as the console shows it. Each text-direction control and control character is
 * written out as `[U+202E]`: shown raw, one reorders the text after it and can disguise a key (owner
 * console audit), and a line break or an escape shows as nothing or a box. Non-spacing marks past the
 * fourth on one letter are written out too: stacked, they drew over the rows above and below. Key names
 * are refused all three now, but names stored before, and anything a visitor types, still hold them.
 */
export function showStoredText(text: string): string {
  return text.replace(MARKS_PAST_FOUR, codePoint).replace(WRITTEN_OUT, codePoint);
}

// A line that shows as nothing: spaces, invisible characters and the blank Braille pattern (U+2800) only.
// A control on it is written out by then, so it shows.
const BLANK_LINE = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\u2800]*$/u;

/**
 * Decision 0069: showStoredText line by line, for text that may run over lines (an infraction's reason or
 * note, which the bureau prints as typed); every other control is still written out. Blank lines are
 * shown as a reader expects them: a run of them as one, none before the first line or
 * after the last; a note of 300 blank lines printed them all, pushing the record over pages of nothing.
 */
export function showStoredLines(text: string): string {
  const lines: string[] = [];
  for (const line of text.split(/\r\n|\r|\n/).map(showStoredText)) {
    if (!BLANK_LINE.test(line)) lines.push(line);
    else if (lines.length > 0 && lines[lines.length - 1] !== '') lines.push('');
  }
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * `text` cut to at most `max` UTF-16 units (the unit every limit here counts), between two characters
 * as a person sees them. A plain `slice` can end inside a surrogate pair, leaving half a character
 * that encodeURIComponent throws on and that other services may refuse, or can drop a Thai vowel or
 * tone mark from its letter.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let length = 0;
  for (const { segment } of graphemes.segment(text)) {
    if (length + segment.length > max) break;
    length += segment.length;
  }
  return text.slice(0, length);
}

/** C0 controls and DEL but tab and line breaks, which RFC 5545 TEXT cannot hold (and calendar apps may reject). */
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * Text for an iCalendar feed's SUMMARY or DESCRIPTION: people's text may hold control characters the
 * input contracts let through (only NUL is refused there), which RFC 5545 does not allow in TEXT.
 * ical-generator escapes the rest (`,`, `;`, `\`, line breaks) and folds long lines.
 */
export function calendarText(text: string): string {
  return text.replace(CONTROLS, '');
}

import { describe, expect, it } from 'vitest';
import { showStoredLines } from './stored-text';

// Decision 0069: a reason or note shows its lines as typed, but a run of blank lines as one and none
// at either end: a note of 300 blank lines printed them all, pushing the record over pages of nothing.
describe('showStoredLines', () => {
  it('shows a run of blank lines as one, and none before the first line or after the last', () => {
    expect(showStoredLines(`\n\n\nFirst\n${'\n'.repeat(300)}Second\nThird\n\n\n`)).toBe('First\n\nSecond\nThird');
    expect(showStoredLines('One\r\n\r\n\r\nTwo\r\rThree')).toBe('One\n\nTwo\n\nThree');
  });

  it('counts a line of spaces and invisible characters as blank, and one with a written-out control as not', () => {
    expect(showStoredLines('First\n   \n\u3000\u00a0\n\u200b\u2060\n\u2800\nSecond')).toBe('First\n\nSecond');
    expect(showStoredLines('First\n\n\t\n\nSecond')).toBe('First\n\n[U+0009]\n\nSecond');
  });

  it('shows text of blank lines only as nothing, and leaves single lines and single blank lines alone', () => {
    expect(showStoredLines('\n \n\u200b\n')).toBe('');
    expect(showStoredLines('')).toBe('');
    expect(showStoredLines('Line one\n\nLine two')).toBe('Line one\n\nLine two');
    expect(showStoredLines('ที่นี่\nLine two')).toBe('ที่นี่\nLine two');
    expect(showStoredLines('Spam \u202Eevil')).toBe('Spam [U+202E]evil');
  });
});

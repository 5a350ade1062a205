import { describe, expect, it } from 'vitest';
import { cutText } from './cut-text';

describe('cutText', () => {
  it('keeps text within the limit as it is', () => {
    expect(cutText('short', 5)).toBe('short');
    expect(cutText('', 0)).toBe('');
  });
  it('cuts plain text at the limit', () => {
    expect(cutText('abcdef', 4)).toBe('abcd');
  });
  it('never leaves half of a character outside the basic range', () => {
    // '😀' is two UTF-16 units: slice(0, 4) of 'ab😀' + 'c' would end inside it.
    expect('ab😀c'.slice(0, 3)).not.toBe('ab');
    expect(cutText('ab😀c', 3)).toBe('ab');
    expect(cutText('ab😀c', 4)).toBe('ab😀');
    expect(() => encodeURIComponent(cutText('𠮷'.repeat(10), 7))).not.toThrow();
  });
  it('keeps a letter with its marks and an emoji sequence whole', () => {
    expect(cutText('กิกิ', 3)).toBe('กิ');
    const family = '👨‍👩‍👧';
    expect(cutText(`a${family}`, family.length)).toBe('a');
  });
});

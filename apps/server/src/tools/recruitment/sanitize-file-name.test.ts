import { describe, expect, it } from 'vitest';
import { sanitizeFileName } from './sanitize-file-name';

describe('sanitizeFileName (000 §7 X-Filename)', () => {
  it('decodes and keeps ordinary names, including Thai', () => {
    expect(sanitizeFileName(encodeURIComponent('My CV (2026).pdf'))).toBe('My CV (2026).pdf');
    expect(sanitizeFileName(encodeURIComponent('ประวัติ.pdf'))).toBe('ประวัติ.pdf');
  });
  it.each(['../etc/passwd', '..%2F..%2Fsecret', 'a%5Cb.txt', '%2Fabs.pdf', 'x%00.pdf', '..'])('refuses the path-like name %s', (header) => {
    expect(() => sanitizeFileName(header)).toThrow(/X-Filename/);
  });
  it('refuses missing and badly encoded names', () => {
    expect(() => sanitizeFileName(undefined)).toThrow(/required/);
    expect(() => sanitizeFileName('%E0%A4%A')).toThrow(/URL-encoded/);
  });
  it('replaces odd characters, drops leading dots and caps the length keeping the extension', () => {
    expect(sanitizeFileName(encodeURIComponent('.hidden<script>.png'))).toBe('hidden_script_.png');
    const long = sanitizeFileName(encodeURIComponent(`${'a'.repeat(300)}.pdf`));
    expect(long).toHaveLength(100);
    expect(long.endsWith('.pdf')).toBe(true);
  });
  it('caps a long name between whole characters: no half of a character outside the basic range, no mark without its letter', () => {
    // '𠮷' is two UTF-16 units: a cut at 96 units fell inside one, and the name's URL then threw.
    const astral = sanitizeFileName(encodeURIComponent(`a${'𠮷'.repeat(60)}.txt`));
    expect(astral).toBe(`a${'𠮷'.repeat(47)}.txt`);
    expect(() => encodeURIComponent(astral)).not.toThrow();
    // 'กิ' is a letter and its vowel mark: kept together.
    expect(sanitizeFileName(encodeURIComponent(`x${'กิ'.repeat(60)}.pdf`))).toBe(`x${'กิ'.repeat(47)}.pdf`);
  });
});

import { describe, expect, it } from 'vitest';
import { fileNameForType } from './detect-upload-type';

describe('fileNameForType (issue 10 item 16: the name says what the bytes are)', () => {
  it('replaces an extension of another type with the usual one of the type found', () => {
    expect(fileNameForType('fake.pdf', 'image/png')).toBe('fake.png');
    expect(fileNameForType('tool.exe', 'application/pdf')).toBe('tool.pdf');
    expect(fileNameForType('letter.DOCX', 'text/plain')).toBe('letter.txt');
  });

  it('keeps an extension that fits the type, in any case', () => {
    expect(fileNameForType('photo.JPEG', 'image/jpeg')).toBe('photo.JPEG');
    expect(fileNameForType('notes.md', 'text/plain')).toBe('notes.md');
  });

  it('adds the usual extension when there is none, or when the dot is part of the name', () => {
    expect(fileNameForType('cv', 'application/pdf')).toBe('cv.pdf');
    expect(fileNameForType('CV v1.2', 'application/pdf')).toBe('CV v1.2.pdf');
  });
});

import { DomainError } from '@server/core/errors/domain-error';
import { cutText } from '@server/core/text/cut-text';

const MAX_NAME = 100;

/**
 * 000 §7 POST /api/upload-file sends X-Filename URL-encoded. The name is only ever shown and offered
 * back as a download name (files are stored under server-made keys), but a name that tries to be a
 * path ('../', '/', '\') is refused outright, and any other unusual character becomes '_'.
 */
export function sanitizeFileName(header: unknown): string {
  if (typeof header !== 'string' || header.trim() === '')
    throw new DomainError('invalid_input', 'X-Filename: the file name header is required.');
  let name: string;
  try {
    name = decodeURIComponent(header);
  } catch {
    throw new DomainError('invalid_input', 'X-Filename: must be a URL-encoded file name.');
  }

  if (/[/\\]/.test(name) || name.split(/[/\\]/).some((part) => part === '..') || /[\u0000-\u001f\u007f]/.test(name)) {
    throw new DomainError('invalid_input', 'X-Filename: must be a plain file name, not a path.');
  }
  let clean = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N} ._()-]/gu, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    // Trailing dots and spaces, which Windows drops from a name: left on, 'cv.pdf.' was served as 'cv.pdf..pdf'.
    .replace(/[. ]+$/, '');
  if (clean.length > MAX_NAME) {
    const dot = clean.lastIndexOf('.');
    const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
    clean = cutText(clean.slice(0, clean.length - ext.length), MAX_NAME - ext.length) + ext;
  }
  if (!clean || /^[._ ]+$/.test(clean)) throw new DomainError('invalid_input', 'X-Filename: the file name has no usable characters.');
  return clean;
}

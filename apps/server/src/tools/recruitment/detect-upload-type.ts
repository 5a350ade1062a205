import { fileTypeFromBuffer, supportedExtensions } from 'file-type';
import { DomainError } from '@server/core/errors/domain-error';

/**
 * The types an applicant may upload, checked against the bytes (never the declared type alone), each
 * with the file name extensions that say it, the usual one first.
 */
export const ALLOWED_UPLOAD_TYPES: Record<string, { label: string; extensions: string[] }> = {
  'application/pdf': { label: 'PDF', extensions: ['pdf'] },
  'image/png': { label: 'PNG', extensions: ['png'] },
  'image/jpeg': { label: 'JPEG', extensions: ['jpg', 'jpeg', 'jpe', 'jfif'] },
  'image/gif': { label: 'GIF', extensions: ['gif'] },
  'image/webp': { label: 'WebP', extensions: ['webp'] },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { label: 'Word (.docx)', extensions: ['docx'] },
  'application/vnd.oasis.opendocument.text': { label: 'OpenDocument text (.odt)', extensions: ['odt'] },
  'text/plain': { label: 'plain text', extensions: ['txt', 'text', 'md', 'csv', 'log'] },
};

const ALLOWED_LIST = Object.values(ALLOWED_UPLOAD_TYPES)
  .map((t) => t.label)
  .join(', ');
const KNOWN_EXTENSIONS = new Set(Object.values(ALLOWED_UPLOAD_TYPES).flatMap((t) => t.extensions));

/**
 * Issue 10 item 16: the name a file is stored and served under says what its bytes are, so a PNG sent
 * as `fake.pdf` becomes `fake.png` (a download named .pdf would open in the wrong program, or pass for
 * a document it is not). An extension that fits the type is kept; a known extension of another type
 * is replaced; otherwise (none, or a dot that is part of the name, `CV v1.2`) the usual one is added.
 */
export function fileNameForType(fileName: string, contentType: string): string {
  const extensions = ALLOWED_UPLOAD_TYPES[contentType]?.extensions;
  if (!extensions) return fileName;
  const extension = extensionOf(fileName);
  if (extensions.includes(extension)) return fileName;
  const stem =
    supportedExtensions.has(extension) || KNOWN_EXTENSIONS.has(extension) ? fileName.slice(0, fileName.lastIndexOf('.')) : fileName;
  return `${stem}.${extensions[0]}`;
}

/** A file name's extension in lower case, without the dot; '' when it has none. */
function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

/**
 * The real type of an upload. Binary formats are recognised by their magic bytes (file-type); plain
 * text has none, so it is accepted only when the bytes are valid UTF-8 with no control characters
 * other than whitespace, and it says it is text: declared text/plain, or named with one of plain
 * text's extensions. Browsers declare a .csv text/csv (or Excel's type), a .md text/markdown and an
 * unknown extension nothing at all, so the declared type alone refused text the list allows.
 */
export async function detectUploadType(
  data: Buffer,
  declared: string | undefined,
  options: { whole?: boolean; fileName?: string } = {},
): Promise<string> {
  // Issue 12 item 2: an upload is streamed, so `data` may be only its first bytes (whole: false). The
  // magic bytes are there; plain text is then checked here as far as it goes, and the rest by
  // plainTextCheck as it streams by.
  const detected = await fileTypeFromBuffer(data);
  if (detected) {
    if (ALLOWED_UPLOAD_TYPES[detected.mime]) return detected.mime;
    throw new DomainError('recruitment.file_type_refused', `Files of type ${detected.mime} are not accepted. Allowed: ${ALLOWED_LIST}.`);
  }
  const declaredType = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  const saysText =
    declaredType === 'text/plain' || ALLOWED_UPLOAD_TYPES['text/plain']!.extensions.includes(extensionOf(options.fileName ?? ''));
  if (saysText && isPlainText(data, options.whole ?? true)) return 'text/plain';
  throw new DomainError('recruitment.file_type_refused', `This file type is not accepted. Allowed: ${ALLOWED_LIST}.`);
}

function isPlainText(data: Buffer, whole: boolean): boolean {
  const check = plainTextCheck();
  return check(data) && (!whole || check(null));
}

/**
 * Plain text checked piece by piece as it streams: valid UTF-8 (a character may be split between
 * pieces) with no control characters other than whitespace. Call it with each piece, then with null at
 * the end; it answers false as soon as the text is not plain.
 */
export function plainTextCheck(): (piece: Buffer | null) => boolean {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  return (piece) => {
    try {
      const text = piece ? decoder.decode(piece, { stream: true }) : decoder.decode();

      return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
    } catch {
      return false;
    }
  };
}

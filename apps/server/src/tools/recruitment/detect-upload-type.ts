import { fileTypeFromBuffer } from 'file-type';
import { HttpError } from '../../core/http/http-error';

/** The types an applicant may upload, checked against the bytes (never the declared type alone). */
export const ALLOWED_UPLOAD_TYPES: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word (.docx)',
  'application/vnd.oasis.opendocument.text': 'OpenDocument text (.odt)',
  'text/plain': 'plain text',
};

const ALLOWED_LIST = [...new Set(Object.values(ALLOWED_UPLOAD_TYPES))].join(', ');

/**
 * The real type of an upload. Binary formats are recognised by their magic bytes (file-type); plain
 * text has none, so it is accepted only when declared text/plain and the bytes are valid UTF-8 with
 * no control characters other than whitespace.
 */
export async function detectUploadType(data: Buffer, declared: string | undefined): Promise<string> {
  const detected = await fileTypeFromBuffer(data);
  if (detected) {
    if (ALLOWED_UPLOAD_TYPES[detected.mime]) return detected.mime;
    throw new HttpError(415, `Files of type ${detected.mime} are not accepted. Allowed: ${ALLOWED_LIST}.`);
  }
  const declaredType = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  if (declaredType === 'text/plain' && isPlainText(data)) return 'text/plain';
  throw new HttpError(415, `This file type is not accepted. Allowed: ${ALLOWED_LIST}.`);
}

function isPlainText(data: Buffer): boolean {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(data);
     
    return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
  } catch {
    return false;
  }
}

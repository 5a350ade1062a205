import crypto from 'node:crypto';
import { type UploadFileAnswer, uploadUrl } from '@guildhall/contracts/recruitment';
import { DomainError } from '@server/core/errors/domain-error';
import type { RecruitmentDeps } from './recruitment-deps';
import { detectUploadType, fileNameForType } from './detect-upload-type';

export interface IncomingUpload {
  ownerId: string;
  /** Already sanitised (sanitize-file-name.ts). */
  fileName: string;
  declaredType: string | undefined;
  data: unknown;
}

/**
 * 000 §7 POST /api/upload-file -> {finalUrl}. The bytes go to core/storage under a random key; the
 * row records who uploaded it, so only they (and admins) can fetch it and only they can use it as a
 * file answer. The file is written before the row: a failure in between leaves an orphan file, never
 * a row pointing at nothing. The name's extension is made to fit the type found in the bytes.
 */
export async function saveUpload(
  deps: Pick<RecruitmentDeps, 'db' | 'storage' | 'now' | 'uploadMaxBytes'>,
  upload: IncomingUpload,
): Promise<UploadFileAnswer> {
  if (!Buffer.isBuffer(upload.data) || upload.data.length === 0) throw new DomainError('invalid_input', 'The file is empty.');
  if (upload.data.length > deps.uploadMaxBytes)
    throw new DomainError('invalid_input', `The file is larger than ${Math.floor(deps.uploadMaxBytes / 1024 / 1024)} MB.`);
  const contentType = await detectUploadType(upload.data, upload.declaredType);
  const fileName = fileNameForType(upload.fileName, contentType);
  const id = crypto.randomUUID();
  const storageKey = `recruitment/${id}`;
  await deps.storage.put(storageKey, upload.data);
  try {
    await deps.db
      .insertInto('recruitment_uploads')
      .values({
        id,
        owner_id: upload.ownerId,
        file_name: fileName,
        storage_key: storageKey,
        content_type: contentType,
        size: upload.data.length,
        created_at: deps.now(),
      })
      .execute();
  } catch (error) {
    await deps.storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
  return { finalUrl: uploadUrl(id, fileName) };
}

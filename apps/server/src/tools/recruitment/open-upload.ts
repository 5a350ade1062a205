import type { Readable } from 'node:stream';
import { DomainError } from '@server/core/errors/domain-error';
import { fileNameForType } from './detect-upload-type';
import type { RecruitmentDeps } from './recruitment-deps';

export interface OpenedUpload {
  fileName: string;
  contentType: string;
  size: number;
  stream: Readable;
}

/** An uploaded file, for its uploader or an admin only (000 §6: applications are private). */
export async function openUpload(
  deps: Pick<RecruitmentDeps, 'db' | 'storage'>,
  caller: { userId: string; isAdmin: boolean },
  id: string,
): Promise<OpenedUpload> {
  if (!/^[0-9a-f-]{36}$/.test(id)) throw new DomainError('not_found', 'There is no such file.');
  const row = await deps.db.selectFrom('recruitment_uploads').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new DomainError('not_found', 'There is no such file.');
  if (row.owner_id !== caller.userId && !caller.isAdmin) throw new DomainError('recruitment.file_private');
  const opened = await deps.storage.open(row.storage_key);
  if (!opened) throw new DomainError('not_found', 'This file is no longer stored.');
  // Rows stored before issue 10 item 16 may carry a name that belies the type; serve the fitting one.
  return {
    fileName: fileNameForType(row.file_name, row.content_type),
    contentType: row.content_type,
    size: opened.size,
    stream: opened.stream,
  };
}

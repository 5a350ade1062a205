import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { type UploadFileAnswer, uploadUrl } from '@guildhall/contracts/recruitment';
import { sql } from 'kysely';
import { DomainError } from '@server/core/errors/domain-error';
import type { RecruitmentDeps } from './recruitment-deps';
import { detectUploadType, fileNameForType, plainTextCheck } from './detect-upload-type';
import { lockOwnerUploads } from './upload-owner-lock';

export interface IncomingUpload {
  ownerId: string;
  /** Already sanitised (sanitize-file-name.ts). */
  fileName: string;
  declaredType: string | undefined;
  /** The request body as it arrives (read piece by piece, never whole); undefined when there is none. */
  body: Readable | undefined;
  /** The Content-Length the client announced, if any: one over the limit is refused before a byte is read. */
  declaredSize: number | undefined;
}

/**
 * How much of the start of an upload is held to find its type: the magic bytes file-type reads (and
 * a .docx's first zip entries) sit well inside it. The rest streams straight to storage.
 */
const HEAD_BYTES = 64 * 1024;

type UploadDeps = Pick<RecruitmentDeps, 'db' | 'storage' | 'now' | 'uploadMaxBytes' | 'uploadQuotaBytes' | 'dialect'>;

/**
 * 000 §7 POST /api/upload-file -> {finalUrl}. The bytes stream to core/storage under a random key
 * (issue 12 item 2: never the whole file in memory); the row records who uploaded it, so only they
 * (and admins) can fetch it and only they can use it as a file answer. The type is found in the first
 * bytes; the size limit and the person's quota are counted as the bytes pass, and an upload over
 * either stops there and leaves nothing stored. The file is written before the row: a failure in
 * between removes the file again. The name's extension is made to fit the type found in the bytes.
 */
export async function saveUpload(deps: UploadDeps, upload: IncomingUpload): Promise<UploadFileAnswer> {
  const tooLarge = () => new DomainError('body_too_large', `The file is larger than ${Math.floor(deps.uploadMaxBytes / 1024 / 1024)} MB.`);
  if (upload.declaredSize !== undefined && upload.declaredSize > deps.uploadMaxBytes) throw tooLarge();
  const used = await storedBytes(deps, upload.ownerId);
  if (used + Math.max(upload.declaredSize ?? 0, 1) > deps.uploadQuotaBytes) throw quotaExceeded(deps);

  const pieces: AsyncIterator<Buffer> = upload.body ? upload.body[Symbol.asyncIterator]() : (async function* () {})();
  const { head, whole } = await readHead(pieces);
  if (head.length === 0) throw new DomainError('invalid_input', 'The file is empty.');
  const contentType = await detectUploadType(head, upload.declaredType, { whole, fileName: upload.fileName });
  const fileName = fileNameForType(upload.fileName, contentType);

  // Plain text has no magic bytes: the rest of it is checked as it streams by.
  const textCheck = contentType === 'text/plain' ? plainTextCheck() : null;
  async function* counted(): AsyncGenerator<Buffer> {
    let size = 0;
    let piece: Buffer | null = head;
    let finished = whole;
    for (;;) {
      if (piece) {
        size += piece.length;
        if (size > deps.uploadMaxBytes) throw tooLarge();
        if (used + size > deps.uploadQuotaBytes) throw quotaExceeded(deps);
        if (textCheck && !textCheck(piece)) throw new DomainError('recruitment.file_type_refused');
        yield piece;
      }
      if (finished) break;
      // Read by hand, never `for await` over the body: leaving that loop early would destroy the
      // request and with it the connection the 4xx answer goes back on.
      const next = await pieces.next();
      if (next.done) finished = true;
      piece = next.done ? null : Buffer.from(next.value);
    }
    if (textCheck && !textCheck(null)) throw new DomainError('recruitment.file_type_refused');
  }

  const id = crypto.randomUUID();
  // Made before anything is stored, so nothing after the row can fail.
  const finalUrl = uploadUrl(id, fileName);
  const storageKey = `recruitment/${id}`;
  const { size } = await deps.storage.put(storageKey, Readable.from(counted()), { contentType });
  try {
    await recordUpload(deps, {
      id,
      owner_id: upload.ownerId,
      file_name: fileName,
      storage_key: storageKey,
      content_type: contentType,
      size,
      created_at: deps.now(),
    });
  } catch (error) {
    await deps.storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
  return { finalUrl };
}

/** The first HEAD_BYTES (or a little more: whole pieces) of the body, and whether that was all of it. */
async function readHead(pieces: AsyncIterator<Buffer>): Promise<{ head: Buffer; whole: boolean }> {
  const held: Buffer[] = [];
  let length = 0;
  while (length < HEAD_BYTES) {
    const next = await pieces.next();
    if (next.done) return { head: Buffer.concat(held), whole: true };
    const piece = Buffer.from(next.value);
    held.push(piece);
    length += piece.length;
  }
  return { head: Buffer.concat(held), whole: false };
}

/** The bytes of a person's uploads that are stored now (rows; a file still streaming has none yet). */
async function storedBytes(deps: Pick<UploadDeps, 'db'>, ownerId: string): Promise<number> {
  const row = await deps.db
    .selectFrom('recruitment_uploads')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), sql<number>`0`).as('total'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

function quotaExceeded(deps: Pick<UploadDeps, 'uploadQuotaBytes'>): DomainError {
  const mb = Math.floor(deps.uploadQuotaBytes / 1024 / 1024);
  return new DomainError(
    'recruitment.upload_quota_exceeded',
    `You have uploaded as much as you may keep stored (${mb} MB). Files no application uses are removed after a while.`,
  );
}

/**
 * The quota rule (decision 0024): the rows of one person's uploads never add up to more than the
 * quota. Checked once before streaming (cheap refusal), counted while streaming, and decided here: the
 * sum and the insert run in one transaction that holds the per-person lock (upload-owner-lock.ts), so
 * of two uploads racing for the last space exactly one is recorded and the other's bytes are removed. Bytes still streaming are not
 * counted, so while uploads run the bucket may briefly hold up to one file per upload in flight beyond
 * the quota; the rate limit bounds how many.
 */
async function recordUpload(
  deps: UploadDeps,
  row: { id: string; owner_id: string; file_name: string; storage_key: string; content_type: string; size: number; created_at: number },
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await lockOwnerUploads(trx, deps.dialect, row.owner_id);
    if ((await storedBytes({ db: trx }, row.owner_id)) + row.size > deps.uploadQuotaBytes) throw quotaExceeded(deps);
    await trx.insertInto('recruitment_uploads').values(row).execute();
  });
}

import { useMutation } from '@tanstack/react-query';
import type { DocumentType } from '@guildhall/contracts/bureau';
import { apiDownload, errorMessageOf } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-file';
import { getUserDetails } from './get-user-details';

/** 001 §8: the PDF step fails. */
export const PDF_FAILED = 'Failed to generate PDF file.';

export interface RecordDocumentFile {
  blob: Blob;
  fileName: string;
}

/** The file name from Content-Disposition (001 §9 '{type}_{robloxUsername}.pdf'). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="([^"]+)"/i.exec(disposition ?? '');
  return plain?.[1] ?? fallback;
}

/** GET /bureau/api/records/{discordId}/documents/{type}: the PDF printed on the server (staff only). */
export async function downloadRecordDocument(discordId: string, type: DocumentType): Promise<RecordDocumentFile> {
  const { blob, headers } = await apiDownload(`/bureau/api/records/${encodeURIComponent(discordId)}/documents/${type}`, {
    // The server's own sentence: 'Failed to fetch user details from API: ...', 'Failed to generate PDF file.', ...
    describeFailure: (failure) => (failure.kind === 'refused' && failure.body ? errorMessageOf(failure.body) : PDF_FAILED),
  });
  return { blob, fileName: fileNameOf(headers.get('content-disposition'), `${type}.pdf`) };
}

export interface PrintedRecord {
  file: RecordDocumentFile;
  /** The lookup's own caveat (no credentials: registry data only; an old saved answer), for staff to read. */
  notice: string | null;
}

/**
 * 001 §4: on an action the needed record is fetched (the user details of 001 §7, whose failure is the
 * catalogue's 'Failed to fetch user details from API: ...'), then printed and saved. The details answer
 * also says when they came from the registry alone (issue: "saying so"), which the PDF cannot tell staff.
 * The server caches lookups, so the print that follows reuses this answer.
 */
export async function printRecordDocument(pair: { discordId: string; robloxId: string }, type: DocumentType): Promise<PrintedRecord> {
  const details = await getUserDetails(pair);
  const file = await downloadRecordDocument(pair.discordId, type);
  return { file, notice: details.notice };
}

export function useDownloadRecordDocument() {
  return useMutation({
    mutationFn: ({ pair, type }: { pair: { discordId: string; robloxId: string }; type: DocumentType }) => printRecordDocument(pair, type),
    onSuccess: (printed) => saveBlob(printed.file.blob, printed.file.fileName),
  });
}

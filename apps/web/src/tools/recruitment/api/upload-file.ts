import { useMutation } from '@tanstack/react-query';
import { UploadFileAnswer } from '@guildhall/contracts/recruitment';
import { ApiError, NETWORK_ERROR, UNKNOWN_ERROR, errorMessageOf } from '../../../lib/api-client';
import { API } from './keys';

/**
 * 000 §7 POST /api/upload-file: the raw file as the body, its Content-Type, and X-Filename
 * URL-encoded. Answers {finalUrl}. A refusal throws ApiError with the server's text.
 */
export async function uploadFile(file: File): Promise<UploadFileAnswer> {
  let response: Response;
  try {
    response = await fetch(`${API}/upload-file`, {
      method: 'POST',
      headers: { 'content-type': file.type || 'application/octet-stream', 'x-filename': encodeURIComponent(file.name), accept: 'application/json' },
      body: file,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiError(response.status, errorMessageOf(body));
  const parsed = UploadFileAnswer.safeParse(body);
  if (!parsed.success) throw new ApiError(502, UNKNOWN_ERROR);
  return parsed.data;
}

export function useUploadFile() {
  return useMutation({ mutationFn: uploadFile });
}

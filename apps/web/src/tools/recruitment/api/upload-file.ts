import { useMutation } from '@tanstack/react-query';
import { UploadFileAnswer } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API } from './keys';

/**
 * 000 §7 POST /api/upload-file: the raw file as the body, its Content-Type, and X-Filename
 * URL-encoded. Answers {finalUrl}. A refusal throws ApiError with the server's text.
 */
export function uploadFile(file: File): Promise<UploadFileAnswer> {
  return apiRequest(`${API}/upload-file`, {
    method: 'POST',
    body: file,
    headers: { 'x-filename': encodeURIComponent(file.name) },
    schema: UploadFileAnswer,
  });
}

export function useUploadFile() {
  return useMutation({ mutationFn: uploadFile });
}

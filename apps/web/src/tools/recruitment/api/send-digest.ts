import { useMutation } from '@tanstack/react-query';
import { DigestSentAnswer } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API } from './keys';

/** Issue 13 item 6: POST /api/digest/send: the daily digest of waiting applications, sent now. */
export function sendDigest() {
  return apiRequest(`${API}/digest/send`, { method: 'POST', schema: DigestSentAnswer });
}

export function useSendDigest() {
  return useMutation({ mutationFn: sendDigest });
}

import { useQuery } from '@tanstack/react-query';
import { type PublicSettingsAnswer, PublicSettingsAnswer as Schema } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/**
 * 000 §7 GET /api/public-settings (no credentials). 000 §8: a failure is only logged and the
 * settings stay empty (null).
 */
export async function getPublicSettings(signal?: AbortSignal): Promise<PublicSettingsAnswer | null> {
  try {
    return await apiRequest(`${API}/public-settings`, { schema: Schema, signal, credentials: 'omit' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    console.error('Could not load the public settings', error);
    return null;
  }
}

export function usePublicSettings() {
  return useQuery({ queryKey: recruitmentKeys.publicSettings, queryFn: ({ signal }) => getPublicSettings(signal) });
}

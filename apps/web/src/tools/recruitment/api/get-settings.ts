import { useQuery } from '@tanstack/react-query';
import { SettingsAnswer } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** 000 §7 GET /api/settings (admin). */
export function getSettings(signal?: AbortSignal) {
  return apiRequest(`${API}/settings`, { schema: SettingsAnswer, signal });
}

export function useSettings() {
  return useQuery({ queryKey: recruitmentKeys.settings, queryFn: ({ signal }) => getSettings(signal) });
}

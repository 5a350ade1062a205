import { useQuery } from '@tanstack/react-query';
import { RegistrationSettingsAnswer } from '@guildhall/contracts/sports';
import { apiRequest } from '@/lib/api-client';
import { SPORTS_API, sportsCall } from './sports-call';

/** 002 §7 GET /api/settings/registration-status -> isRegistrationOpen. */
export const getRegistrationStatus = (signal?: AbortSignal) =>
  apiRequest(`${SPORTS_API}/settings/registration-status`, { schema: RegistrationSettingsAnswer, signal, ...sportsCall() });

export const registrationStatusKey = ['sports', 'settings'] as const;

export const useRegistrationStatus = (enabled = true) =>
  useQuery({ queryKey: registrationStatusKey, queryFn: ({ signal }) => getRegistrationStatus(signal), enabled, staleTime: 0 });

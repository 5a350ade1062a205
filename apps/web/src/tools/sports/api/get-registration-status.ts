import { useQuery } from '@tanstack/react-query';
import { RegistrationSettingsAnswer } from '@guildhall/contracts/sports';
import { sportsFetch } from './sports-fetch';

/** 002 §7 GET /api/settings/registration-status -> isRegistrationOpen. */
export const getRegistrationStatus = (signal?: AbortSignal) => sportsFetch('/settings/registration-status', { schema: RegistrationSettingsAnswer, signal });

export const registrationStatusKey = ['sports', 'settings'] as const;

export const useRegistrationStatus = (enabled = true) =>
  useQuery({ queryKey: registrationStatusKey, queryFn: ({ signal }) => getRegistrationStatus(signal), enabled, staleTime: 0 });

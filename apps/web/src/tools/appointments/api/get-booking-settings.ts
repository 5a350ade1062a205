import { useQuery } from '@tanstack/react-query';
import { BookingSettingsAnswer } from '@guildhall/contracts/appointments';
import { apiRequest } from '@/lib/api-client';

/** GET /bureau/worker/staff/settings (bureau-staff, issue 15 item 3): the booking rules in force. */
export function getBookingSettings(signal?: AbortSignal): Promise<BookingSettingsAnswer> {
  return apiRequest('/bureau/worker/staff/settings', { schema: BookingSettingsAnswer, signal });
}

export const bookingSettingsKey = ['appointments', 'staff', 'settings'] as const;

export function useBookingSettings() {
  return useQuery({ queryKey: bookingSettingsKey, queryFn: ({ signal }) => getBookingSettings(signal), retry: false });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SaveBookingSettingsAnswer, type SaveBookingSettingsRequest } from '@guildhall/contracts/appointments';
import { apiRequest } from '@/lib/api-client';
import { bookingSettingsKey } from './get-booking-settings';

/**
 * PUT /bureau/worker/staff/settings (bureau-staff, issue 15 item 3): replaces the booking rules and
 * answers them with the days the save closed, left outside its hours or over its seats (decision 0055).
 */
export function saveBookingSettings(body: SaveBookingSettingsRequest): Promise<SaveBookingSettingsAnswer> {
  return apiRequest('/bureau/worker/staff/settings', { method: 'PUT', body, schema: SaveBookingSettingsAnswer });
}

export function useSaveBookingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBookingSettings,
    // The rules are cached for the page; what the save reports is for the Saved card only.
    onSuccess: ({ closedDays: _closed, outsideHours: _outside, overSeats: _over, ...answer }) => {
      queryClient.setQueryData(bookingSettingsKey, answer);
      return queryClient.invalidateQueries({ queryKey: ['appointments', 'availability'] });
    },
  });
}

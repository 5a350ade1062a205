import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BookingSettingsAnswer, type SaveBookingSettingsRequest } from '@guildhall/contracts/appointments';
import { apiRequest } from '@/lib/api-client';
import { bookingSettingsKey } from './get-booking-settings';

/** PUT /bureau/worker/staff/settings (bureau-staff, issue 15 item 3): replaces the booking rules. */
export function saveBookingSettings(body: SaveBookingSettingsRequest): Promise<BookingSettingsAnswer> {
  return apiRequest('/bureau/worker/staff/settings', { method: 'PUT', body, schema: BookingSettingsAnswer });
}

export function useSaveBookingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBookingSettings,
    onSuccess: (answer) => {
      queryClient.setQueryData(bookingSettingsKey, answer);
      return queryClient.invalidateQueries({ queryKey: ['appointments', 'availability'] });
    },
  });
}

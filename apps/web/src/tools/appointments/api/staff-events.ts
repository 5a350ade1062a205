import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { StaffAppointmentEvent } from '@guildhall/contracts/appointments';
import { refetchAfterChange } from '@/lib/refetch-after-change';

/**
 * GET /bureau/worker/staff/events (server-sent events, bureau-staff, issue 15 item 5): a booking,
 * move, cancellation or attendance mark anywhere refreshes the staff views. EventSource reconnects
 * by itself; after a reconnect the views are fetched again, since changes may have been missed.
 * Answers whether the stream is open (the page shows "Live").
 */
export function useStaffEvents(enabled: boolean): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/bureau/worker/staff/events');
    const refresh = () => void refetchAfterChange(queryClient, { queryKey: ['appointments', 'staff'] });
    let opened = false;
    source.onopen = () => {
      if (opened) refresh();
      opened = true;
      setLive(true);
    };
    source.onerror = () => setLive(false);
    source.addEventListener('change', (event) => {
      if (StaffAppointmentEvent.safeParse(JSON.parse((event as MessageEvent<string>).data)).success) refresh();
    });
    return () => source.close();
  }, [enabled, queryClient]);
  return live;
}

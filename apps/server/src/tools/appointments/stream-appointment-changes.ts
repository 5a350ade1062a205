import type { ServerResponse } from 'node:http';
import { StaffAppointmentEvent } from '@guildhall/contracts/appointments';
import type { AppContext } from '@server/core/context';
import { streamTopicChanges } from '@server/core/events/stream-topic-changes';
import { APPOINTMENTS_TOPIC } from './publish-appointment-change';

/** Issue 15 item 5: new bookings and cancellations, live on open staff pages. */
export function streamAppointmentChanges(deps: Pick<AppContext, 'events' | 'readiness'>, raw: ServerResponse): () => void {
  return streamTopicChanges<StaffAppointmentEvent>(deps, raw, {
    topic: APPOINTMENTS_TOPIC,
    toChange: (payload) => {
      const parsed = StaffAppointmentEvent.safeParse(payload);
      return parsed.success ? parsed.data : null;
    },
    reload: { kind: 'reload' },
  });
}

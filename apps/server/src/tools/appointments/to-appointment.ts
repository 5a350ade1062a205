import type { Appointment, StaffAppointment } from '@guildhall/contracts/appointments';
import type { Selectable } from 'kysely';
import type { AppointmentsTable } from './appointments-tables';

export type AppointmentRow = Selectable<AppointmentsTable>;

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

export function toAppointment(row: AppointmentRow): Appointment {
  return {
    id: row.id,
    userId: row.line_user_id,
    datetime: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    topic: row.topic,
    status: row.status,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    cancelledAt: isoOrNull(row.cancelled_at),
    cancelReason: row.cancel_reason,
    attendance: row.attendance,
  };
}

export function toStaffAppointment(row: AppointmentRow & { display_name: string | null }): StaffAppointment {
  return { ...toAppointment(row), displayName: row.display_name };
}

import type { RegisterUserAnswer, RegisterUserRequest } from '@guildhall/contracts/appointments';
import type { AppointmentsDeps } from './appointments-deps';

/** 001 §7 register-user: remembers the LINE user (display name, first and last seen), idempotently. */
export async function registerLineUser(
  deps: Pick<AppointmentsDeps, 'db' | 'now'>,
  input: RegisterUserRequest,
): Promise<RegisterUserAnswer> {
  const now = deps.now();
  await deps.db
    .insertInto('appointment_line_users')
    .values({ line_user_id: input.userId, display_name: input.displayName, first_seen_at: now, last_seen_at: now })
    .onConflict((oc) => oc.column('line_user_id').doUpdateSet({ display_name: input.displayName, last_seen_at: now }))
    .execute();
  const row = await deps.db
    .selectFrom('appointment_line_users')
    .selectAll()
    .where('line_user_id', '=', input.userId)
    .executeTakeFirstOrThrow();
  return {
    user: {
      userId: row.line_user_id,
      displayName: row.display_name,
      firstSeenAt: new Date(row.first_seen_at).toISOString(),
      lastSeenAt: new Date(row.last_seen_at).toISOString(),
    },
  };
}

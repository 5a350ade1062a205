import type { RegisterUserAnswer, RegisterUserRequest } from '@guildhall/contracts/appointments';
import type { LineIdentity } from '@server/core/auth/line-id-token';
import type { AppointmentsDeps } from './appointments-deps';

/**
 * 001 §7 register-user: remembers the LINE user (display name, first and last seen), idempotently.
 * Decision 0065: the name kept is the verified ID token's `name` claim when it carries one; 001 §3's
 * `displayName` (the page's own copy of the profile, which anyone can send) only when it does not.
 * Decision 0073: a changed name is counted (name_changes, name_changed_at) for the staff feed.
 */
export async function registerLineUser(
  deps: Pick<AppointmentsDeps, 'db' | 'now'>,
  input: RegisterUserRequest,
  identity: LineIdentity,
): Promise<RegisterUserAnswer> {
  const now = deps.now();
  const displayName = identity.name?.trim() || input.displayName;
  await deps.db
    .insertInto('appointment_line_users')
    .values({ line_user_id: input.userId, display_name: displayName, first_seen_at: now, last_seen_at: now })
    .onConflict((oc) =>
      oc.column('line_user_id').doUpdateSet((eb) => {
        // Decision 0073: a new name changes the staff feed's events, so it is counted, in the same write.
        const renamed = eb('appointment_line_users.display_name', '<>', eb.ref('excluded.display_name'));
        return {
          display_name: displayName,
          last_seen_at: now,
          name_changes: eb
            .case()
            .when(renamed)
            .then(eb('appointment_line_users.name_changes', '+', 1))
            .else(eb.ref('appointment_line_users.name_changes'))
            .end(),
          name_changed_at: eb.case().when(renamed).then(now).else(eb.ref('appointment_line_users.name_changed_at')).end(),
        };
      }),
    )
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

import type { MyRegistrationAnswer } from '@guildhall/contracts/sports';
import type { SchoolAccount } from '@server/core/auth/school-account-store';
import { DomainError } from '@server/core/errors/domain-error';
import { waitingPositions } from './sport-team';
import type { SportsDeps } from './sports-deps';

/**
 * 002 §7 GET /my-registration: the student's active registration; when there is none, the latest
 * not_selected one (002 §6 shows 'You were not selected for the team this time.'); else 404.
 */
export async function findMyRegistration(deps: SportsDeps, account: SchoolAccount): Promise<MyRegistrationAnswer> {
  const rows = await deps.db
    .selectFrom('sport_registrations as r')
    .innerJoin('sports as s', 's.id', 'r.sport_id')
    .select(['r.id', 'r.sport_id', 's.name', 'r.status', 'r.created_at', 'r.updated_at', 'r.moved_up_at'])
    .where('r.account_id', '=', account.id)
    .execute();
  const active = rows.find((r) => r.status !== 'not_selected');
  const latest = active ?? rows.sort((a, b) => b.updated_at - a.updated_at || b.id - a.id)[0];
  if (!latest) throw new DomainError('sports.no_registration');
  // Issue 16 item 3: a reserve sees their place on the waiting list; a moved-up Main Player is told.
  const waiting = latest.status === 'reserve' ? (await waitingPositions(deps.db, latest.sport_id)).get(latest.id) : undefined;
  return {
    registration_id: latest.id,
    sport_id: latest.sport_id,
    sport_name: latest.name,
    status: latest.status,
    registration_date: new Date(latest.created_at).toISOString(),
    waiting_position: waiting ?? null,
    moved_up_at: latest.status === 'selected' && latest.moved_up_at !== null ? new Date(latest.moved_up_at).toISOString() : null,
  };
}

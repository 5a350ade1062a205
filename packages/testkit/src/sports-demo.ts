// Demo sports (002 §3 Sport), seeded outside production and used by tests: one of each eligibility
// level (002 §9 labels), a Thai name for the print, and a small team that fills quickly; and the
// registrations factory tests build their stored registrations from (issue 11 item 4).

import type { RegistrationStatus, Sport } from '@guildhall/contracts/sports';

export interface DemoSport {
  name: string;
  description: string;
  total_spots: number;
  eligibility_level: 'morton' | 'morplai' | 'open';
}

/** A sport for tests and the demo, unique by name. */
let sequence = 0;
export function makeSport(overrides: Partial<DemoSport> = {}): DemoSport {
  sequence += 1;
  return {
    name: `Sport ${sequence}`,
    description: `Tryouts for sport ${sequence}.`,
    total_spots: 10,
    eligibility_level: 'open',
    ...overrides,
  };
}

export const demoSports: DemoSport[] = [
  makeSport({
    name: 'Football',
    description: 'School football team tryouts, Tuesday and Thursday after class.',
    total_spots: 18,
    eligibility_level: 'open',
  }),
  makeSport({
    name: 'Basketball (Junior)',
    description: 'Junior basketball squad for ม.ต้น students.',
    total_spots: 12,
    eligibility_level: 'morton',
  }),
  makeSport({
    name: 'Volleyball (Senior)',
    description: 'Senior volleyball team for ม.ปลาย students.',
    total_spots: 12,
    eligibility_level: 'morplai',
  }),
  makeSport({ name: 'Badminton', description: 'Singles and doubles; bring your own racket.', total_spots: 2, eligibility_level: 'open' }),
  makeSport({ name: 'ตะกร้อ (Sepak Takraw)', description: 'ทีมตะกร้อของโรงเรียน: ฝึกซ้อมทุกวันพุธ', total_spots: 9, eligibility_level: 'open' }),
];

/**
 * A sport as GET /sports/api/sports answers it (002 §3 Sport, with issue 16's fields): open to all,
 * no one registered, its window open; the web app's tests serve these.
 */
export function makeSportAnswer(sportId: number, overrides: Partial<Sport> = {}): Sport {
  return {
    sport_id: sportId,
    name: `Sport ${sportId}`,
    description: `Tryouts for sport ${sportId}.`,
    total_spots: 10,
    selected_count: 0,
    pending_count: 0,
    eligibility_level: 'open',
    reserve_count: 0,
    registration_opens_on: null,
    registration_closes_on: null,
    registration_window_open: true,
    image: null,
    archived: false,
    ...overrides,
  };
}

/** A stored tryout registration (the sport_registrations row, 002 §3 My registration). */
export interface SportRegistrationRecord {
  sport_id: number;
  /** school_accounts.id */
  account_id: number;
  status: RegistrationStatus;
  created_at: number;
  updated_at: number;
  /** Decision 0033: when a reserve joined the waiting list (its place follows it); null otherwise. */
  queued_at?: number | null;
}

/** A student's registration for a sport, still waiting for the selection (002 §4). Times are epoch milliseconds. */
export function makeSportRegistration(
  sportId: number,
  accountId: number,
  overrides: Partial<SportRegistrationRecord> = {},
): SportRegistrationRecord {
  const registeredAt = Date.UTC(2026, 4, 11, 3, 0);
  return {
    sport_id: sportId,
    account_id: accountId,
    status: 'pending_selection',
    created_at: registeredAt,
    updated_at: registeredAt,
    ...overrides,
  };
}

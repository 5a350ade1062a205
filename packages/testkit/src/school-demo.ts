// Demo school accounts (002 §3 Roles), shared by the timetable and sports tools: seeded into an
// empty database outside production and used by the tests and e2e journeys. These passwords are
// public demo values, documented in the README; never use them in a real deployment.

/** A school account as `SchoolAccountStore.create` takes it (002 §3). */
export interface SchoolAccountRecord {
  studentId: string;
  password: string;
  email: string | null;
  role: 'student' | 'developer' | 'sports_lead';
}

let sequence = 0;

/** A school account for tests, unique by student id; the default id (prefix 9) gives no level (002 §9). */
export function makeSchoolAccount(overrides: Partial<SchoolAccountRecord> = {}): SchoolAccountRecord {
  sequence += 1;
  return {
    studentId: `9${String(sequence).padStart(7, '0')}`,
    password: `pass-${sequence}`,
    email: `student${sequence}@school.test`,
    role: 'student',
    ...overrides,
  };
}

export interface DemoSchoolAccount extends SchoolAccountRecord {
  /** Short handle for tests. */
  key: 'junior' | 'senior' | 'ineligible' | 'lead' | 'developer' | 'soviet';
  email: string;
  description: string;
}

const demo = (key: DemoSchoolAccount['key'], description: string, account: SchoolAccountRecord & { email: string }): DemoSchoolAccount => ({
  key,
  description,
  ...makeSchoolAccount(account),
  email: account.email,
});

export const demoSchoolAccounts: DemoSchoolAccount[] = [
  demo('junior', 'Junior (ม.ต้น, prefix 6896) student', {
    studentId: '68960001',
    password: 'junior-pass-1',
    email: 'somchai.j@school.example',
    role: 'student',
  }),
  demo('senior', 'Senior (ม.ปลาย, prefix 6898) student', {
    studentId: '68980002',
    password: 'senior-pass-2',
    email: 'malee.s@school.example',
    role: 'student',
  }),
  demo('ineligible', 'Student whose ID gives no level (sees Open to All only)', {
    studentId: '12340003',
    password: 'student-pass-3',
    email: 'guest.student@school.example',
    role: 'student',
  }),
  demo('lead', 'Sports lead (Admin Panel)', {
    studentId: '90000004',
    password: 'lead-pass-4',
    email: 'coach.lead@school.example',
    role: 'sports_lead',
  }),
  demo('developer', 'Developer (Admin Panel)', {
    studentId: '90000005',
    password: 'dev-pass-5',
    email: 'developer@school.example',
    role: 'developer',
  }),
  // 002 §4, §9: the Soviet desktop logs in with a fixed student ID (SPORTS_SOVIET_STUDENT_ID, default 68961917).
  demo('soviet', 'The fixed account of the Soviet desktop login', {
    studentId: '68961917',
    password: 'comrade',
    email: 'comrade@school.example',
    role: 'student',
  }),
];

export function demoSchoolAccount(key: DemoSchoolAccount['key']): DemoSchoolAccount {
  const account = demoSchoolAccounts.find((a) => a.key === key);
  if (!account) throw new Error(`no demo school account ${key}`);
  return account;
}

// Demo school accounts (002 §3 Roles), shared by the timetable and sports tools: seeded into an
// empty database outside production and used by the tests and e2e journeys. These passwords are
// public demo values, documented in the README; never use them in a real deployment.

export interface DemoSchoolAccount {
  /** Short handle for tests. */
  key: 'junior' | 'senior' | 'ineligible' | 'lead' | 'developer' | 'soviet';
  studentId: string;
  password: string;
  email: string;
  role: 'student' | 'developer' | 'sports_lead';
  description: string;
}

export const demoSchoolAccounts: DemoSchoolAccount[] = [
  { key: 'junior', studentId: '68960001', password: 'junior-pass-1', email: 'somchai.j@school.example', role: 'student', description: 'Junior (ม.ต้น, prefix 6896) student' },
  { key: 'senior', studentId: '68980002', password: 'senior-pass-2', email: 'malee.s@school.example', role: 'student', description: 'Senior (ม.ปลาย, prefix 6898) student' },
  { key: 'ineligible', studentId: '12340003', password: 'student-pass-3', email: 'guest.student@school.example', role: 'student', description: 'Student whose ID gives no level (sees Open to All only)' },
  { key: 'lead', studentId: '90000004', password: 'lead-pass-4', email: 'coach.lead@school.example', role: 'sports_lead', description: 'Sports lead (Admin Panel)' },
  { key: 'developer', studentId: '90000005', password: 'dev-pass-5', email: 'developer@school.example', role: 'developer', description: 'Developer (Admin Panel)' },
  // 002 §4, §9: the Soviet desktop logs in with a fixed student ID (SPORTS_SOVIET_STUDENT_ID, default 68961917).
  { key: 'soviet', studentId: '68961917', password: 'comrade', email: 'comrade@school.example', role: 'student', description: 'The fixed account of the Soviet desktop login' },
];

export function demoSchoolAccount(key: DemoSchoolAccount['key']): DemoSchoolAccount {
  const account = demoSchoolAccounts.find((a) => a.key === key);
  if (!account) throw new Error(`no demo school account ${key}`);
  return account;
}

// Demo data and factories for the staff recruitment portal (spec 000). The server's demo seed and
// the tests both build from these, so what a person sees in development is what the tests exercise.
import type { AdminApplication, ApplicationStatusAnswer } from '@guildhall/contracts/recruitment';

export interface RecruitmentStageRecord {
  name: string;
  color: string;
}

export interface RecruitmentRoleRecord {
  name: string;
}

export interface RecruitmentQuestionRecord {
  text: string;
  type: 'text' | 'file' | 'multiple-choice';
  options?: string[];
}

let sequence = 0;

export function makeRecruitmentStage(overrides: Partial<RecruitmentStageRecord> = {}): RecruitmentStageRecord {
  sequence += 1;
  return { name: `Stage ${sequence}`, color: '#6c757d', ...overrides };
}

export function makeRecruitmentRole(overrides: Partial<RecruitmentRoleRecord> = {}): RecruitmentRoleRecord {
  sequence += 1;
  return { name: `Role ${sequence}`, ...overrides };
}

/** A text question unless told otherwise; a multiple-choice one gets two options. */
export function makeRecruitmentQuestion(overrides: Partial<RecruitmentQuestionRecord> = {}): RecruitmentQuestionRecord {
  sequence += 1;
  const type = overrides.type ?? 'text';
  return { text: `Question ${sequence}?`, type, ...(type === 'multiple-choice' ? { options: ['Yes', 'No'] } : {}), ...overrides };
}

/** 000 §4: the first stage is the default; names containing accept/decline decide the status. */
export const demoStages: RecruitmentStageRecord[] = [
  makeRecruitmentStage({ name: 'Application Received', color: '#6c757d' }),
  makeRecruitmentStage({ name: 'Interview', color: '#0b5ed7' }),
  makeRecruitmentStage({ name: 'Accepted', color: '#146c43' }),
  makeRecruitmentStage({ name: 'Declined', color: '#b02a37' }),
];

export const demoRoles: RecruitmentRoleRecord[] = [
  makeRecruitmentRole({ name: 'Dispatcher' }),
  makeRecruitmentRole({ name: 'Signaller' }),
  makeRecruitmentRole({ name: 'Community Moderator' }),
];

export const demoQuestions: RecruitmentQuestionRecord[] = [
  makeRecruitmentQuestion({ text: 'Why do you want to join the staff team?', type: 'text' }),
  makeRecruitmentQuestion({
    text: 'How many hours a week can you give?',
    type: 'multiple-choice',
    options: ['Under 5', '5 to 10', 'More than 10'],
  }),
  makeRecruitmentQuestion({ text: 'Upload your CV or a short portfolio (PDF, image or text).', type: 'file' }),
];

export const demoSettings = {
  applicationsOpen: 'true',
  applicationStartDate: 'N/A',
  applicationEndDate: 'N/A',
  globalProcessAnnouncement: 'Interviews for the spring intake start on Monday. Thank you for your patience!',
} as const;

/** A small plain-text file to stand in for an uploaded CV. */
export const demoCvText = 'Signal Sam: five years of timetable planning on the Northern line.\n';

/** Answers for the demo questions, in the order given: a text, a choice among the options, a file URL. */
export function makeRecruitmentAnswers(fileUrl: string, overrides: Partial<{ text: string; choice: string }> = {}): string[] {
  sequence += 1;
  return [
    overrides.text ?? `I have driven trains on the network since season ${sequence} and want to help others learn the routes.`,
    overrides.choice ?? '5 to 10',
    fileUrl,
  ];
}

/** A username for bulk data (benchmarks): member_00042 and so on. */
export function bulkApplicantName(n: number): string {
  return `member_${String(n).padStart(5, '0')}`;
}

/** An application as GET /api/applications answers it to an admin (the web app's tests serve these). */
export function makeAdminApplication(id: number, overrides: Partial<AdminApplication> = {}): AdminApplication {
  const at = '2026-11-22T10:00:00.000Z';
  return {
    id,
    userId: String(1000 + id),
    avatar: null,
    username: `applicant.${id}`,
    job: 'Officer',
    answers: '{}',
    status: 'Pending',
    stageId: 1,
    feedback: null,
    stageName: 'Application Received',
    stageColor: '#6c757d',
    questionLabels: {},
    submittedAt: at,
    statusLastUpdatedAt: at,
    audit: [],
    notes: [],
    reviews: { count: 0, yes: 0, no: 0, abstain: 0, averageScore: null, reviewedByMe: false, hidden: false },
    withdrawnAt: null,
    stageEnteredAt: at,
    waiting: false,
    failedNotifications: [],
    ...overrides,
  };
}

/** GET /api/application/status for a member with no application (000 §4), with the fields a test changes. */
export function makeApplicationStatus(overrides: Partial<ApplicationStatusAnswer> = {}): ApplicationStatusAnswer {
  return {
    hasApplication: false,
    status: null,
    stageId: null,
    statusLastUpdatedAt: null,
    feedback: null,
    stageName: null,
    stageColor: null,
    job: null,
    globalProcessAnnouncement: '',
    globalProcessLastUpdatedAt: '',
    applicationId: null,
    withdrawnAt: null,
    editable: false,
    mayReapply: false,
    reapplyFrom: null,
    history: [],
    own: null,
    ...overrides,
  };
}

/** TanStack Query keys of the recruitment portal, in one place so writes can invalidate reads. */
export const recruitmentKeys = {
  all: ['recruitment'] as const,
  publicSettings: ['recruitment', 'public-settings'] as const,
  user: ['recruitment', 'user'] as const,
  verification: ['recruitment', 'check-verification'] as const,
  status: ['recruitment', 'application-status'] as const,
  stages: ['recruitment', 'stages'] as const,
  roles: ['recruitment', 'roles'] as const,
  questions: ['recruitment', 'questions'] as const,
  settings: ['recruitment', 'settings'] as const,
  applications: ['recruitment', 'applications'] as const,
  board: ['recruitment', 'board'] as const,
  reports: ['recruitment', 'reports'] as const,
};

export const API = '/recruitment/api';

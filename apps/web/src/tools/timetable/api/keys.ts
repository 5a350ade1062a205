/** TanStack Query keys of the timetable tool, in one place so invalidations match the reads. */
export const timetableKeys = {
  all: ['timetable'] as const,
  me: ['timetable', 'me'] as const,
  config: ['timetable', 'config'] as const,
  schedule: (weekStart: string) => ['timetable', 'schedule', weekStart] as const,
  schedules: ['timetable', 'schedule'] as const,
  homework: ['timetable', 'homework'] as const,
  overrides: ['timetable', 'overrides'] as const,
  homeworkFeed: ['timetable', 'homework-feed'] as const,
};

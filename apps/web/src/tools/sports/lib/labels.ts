import type { StudentLevel } from '@guildhall/contracts/sports';
import type { SportsSession } from './session';

export const LEVEL_LABELS: Record<StudentLevel, string> = { morton: 'ม.ต้น', morplai: 'ม.ปลาย', none: 'No level' };
export const ROLE_LABELS: Record<SportsSession['role'], string> = {
  student: 'Student',
  developer: 'Developer',
  sports_lead: 'Sports Lead',
};

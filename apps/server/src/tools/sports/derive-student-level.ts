import { type EligibilityLevel, type StudentLevel, levelOf } from '@guildhall/contracts/sports';

export interface LevelPrefixes {
  junior: readonly string[];
  senior: readonly string[];
}

/**
 * 002 §5: the level comes from the first four digits of the student ID (prefixes are configuration:
 * SPORTS_JUNIOR_PREFIXES, SPORTS_SENIOR_PREFIXES); anything else, or an ID shorter than 4, is none.
 */
export function deriveStudentLevel(studentId: string, prefixes: LevelPrefixes): StudentLevel {
  // The same rule the web app's level badge uses (contracts), so the two never disagree.
  return levelOf(studentId, { morton: [...prefixes.junior], morplai: [...prefixes.senior] });
}

/** 002 §5: a student sees sports whose eligibility is open or equals their level. */
export function canSeeSport(level: StudentLevel, eligibility: EligibilityLevel): boolean {
  return eligibility === 'open' || eligibility === level;
}

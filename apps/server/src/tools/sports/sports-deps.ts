import type { AppContext } from '../../core/context';

/** What the sports services need from core. */
export type SportsDeps = Pick<AppContext, 'database' | 'config' | 'now'>;

export const levelPrefixes = (deps: SportsDeps) => ({
  junior: deps.config.SPORTS_JUNIOR_PREFIXES,
  senior: deps.config.SPORTS_SENIOR_PREFIXES,
});

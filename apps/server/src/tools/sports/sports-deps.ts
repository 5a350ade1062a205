import type { AppContext } from '@server/core/context';
import type { Dialect } from '@server/core/db/database';
import { toolDb } from '@server/core/db/tool-db';
import type { DocumentService } from '@server/core/documents/document-service';
import type { LevelPrefixes } from './derive-student-level';
import type { SportsDb, SportsTables } from './sports-tables';

/** What the sports services need, built once when the tool registers (decision 0016). */
export interface SportsDeps {
  db: SportsDb;
  /** PostgreSQL takes the row locks SQLite's one writer makes needless (decision 0063). */
  dialect: Dialect;
  now: () => number;
  /** 002 §4: the student-id prefixes of the junior (Morton) and senior (Morplai) levels. */
  levelPrefixes: LevelPrefixes;
  /** 002 §2: the printed list's times are the school's. */
  timeZone: string;
  documents: DocumentService;
}

export function makeSportsDeps(ctx: AppContext): SportsDeps {
  return {
    db: toolDb<SportsTables>(ctx.database),
    dialect: ctx.database.dialect,
    now: ctx.now,
    levelPrefixes: { junior: ctx.config.SPORTS_JUNIOR_PREFIXES, senior: ctx.config.SPORTS_SENIOR_PREFIXES },
    timeZone: ctx.config.SCHOOL_TIME_ZONE,
    documents: ctx.documents,
  };
}

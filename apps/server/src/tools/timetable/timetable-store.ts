import type { Kysely } from 'kysely';
import type { ClassStatus, Homework, HomeworkStatus, OverrideAnswer, OverrideSummaryEntry, ScheduleItem, TimetableCsvRow } from '@guildhall/contracts/timetable';
import type { CoreTables } from '../../core/db/core-tables';
import { isUniqueViolation } from '../../core/db/database';
import { retryOnWriteConflict } from '../../core/db/retry-on-write-conflict';
import { DomainError } from '../../core/errors/domain-error';
import type { TimetableTables } from './timetable-tables';

type Db = Kysely<CoreTables & TimetableTables>;

const ITEM_COLUMNS = ['id', 'subject_code', 'subject_name', 'day_of_week', 'start_time', 'end_time', 'room', 'status', 'notes'] as const;
const HOMEWORK_COLUMNS = ['id', 'homework_id', 'title', 'details', 'subject_code', 'due_date', 'due_time', 'status'] as const;

export interface HomeworkValues {
  homework_id: string;
  title: string;
  details: string;
  subject_code: string;
  due_date: string;
  due_time: string;
  status: HomeworkStatus;
}

/**
 * Every read and write of the timetable tool. Each method takes the owner (school account id) and
 * filters on it, so one student can never reach another's rows (the issue: "nobody reads or writes
 * another's").
 */
export class TimetableStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  static from(db: Kysely<CoreTables>, now: () => number): TimetableStore {
    return new TimetableStore(db.withTables<TimetableTables>(), now);
  }

  async listItems(ownerId: number): Promise<ScheduleItem[]> {
    return this.db
      .selectFrom('timetable_schedule_items')
      .select(ITEM_COLUMNS)
      .where('owner_id', '=', ownerId)
      .orderBy('day_of_week')
      .orderBy('start_time')
      .execute();
  }

  async findItem(ownerId: number, id: number): Promise<ScheduleItem | null> {
    const row = await this.db.selectFrom('timetable_schedule_items').select(ITEM_COLUMNS).where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
    return row ?? null;
  }

  /** 002 §5: the subject choices are the distinct subject codes in the schedule. */
  async subjectCodes(ownerId: number): Promise<string[]> {
    const rows = await this.db.selectFrom('timetable_schedule_items').select('subject_code').distinct().where('owner_id', '=', ownerId).orderBy('subject_code').execute();
    return rows.map((r) => r.subject_code);
  }

  /** 002 §7 GET /schedule: the week's classes with that week's override (status, notes) applied. */
  async listWeek(ownerId: number, weekStart: string): Promise<ScheduleItem[]> {
    const rows = await this.db
      .selectFrom('timetable_schedule_items as i')
      .leftJoin('timetable_overrides as o', (join) => join.onRef('o.schedule_item_id', '=', 'i.id').on('o.week_start_date', '=', weekStart))
      .select(['i.id', 'i.subject_code', 'i.subject_name', 'i.day_of_week', 'i.start_time', 'i.end_time', 'i.room', 'i.status', 'i.notes'])
      .select(['o.status as override_status', 'o.notes as override_notes'])
      .where('i.owner_id', '=', ownerId)
      .orderBy('i.day_of_week')
      .orderBy('i.start_time')
      .execute();
    return rows.map(({ override_status, override_notes, ...item }) => ({
      ...item,
      status: override_status ?? item.status,
      notes: override_notes ?? item.notes,
    }));
  }

  async findOverride(ownerId: number, scheduleItemId: number, weekStart: string): Promise<OverrideAnswer | null> {
    const row = await this.db
      .selectFrom('timetable_overrides')
      .select(['schedule_item_id', 'week_start_date', 'status', 'notes'])
      .where('owner_id', '=', ownerId)
      .where('schedule_item_id', '=', scheduleItemId)
      .where('week_start_date', '=', weekStart)
      .executeTakeFirst();
    return row ?? null;
  }

  async upsertOverride(ownerId: number, value: { schedule_item_id: number; week_start_date: string; status: ClassStatus; notes: string }): Promise<OverrideAnswer> {
    const set = { status: value.status, notes: value.notes, updated_at: this.now() };
    await this.db
      .insertInto('timetable_overrides')
      .values({ owner_id: ownerId, schedule_item_id: value.schedule_item_id, week_start_date: value.week_start_date, ...set })
      .onConflict((oc) => oc.columns(['schedule_item_id', 'week_start_date']).doUpdateSet(set))
      .execute();
    return { schedule_item_id: value.schedule_item_id, week_start_date: value.week_start_date, status: value.status, notes: value.notes };
  }

  /** 002 §7 GET /overrides/all: every saved override with its class's subject. */
  async listOverrideSummary(ownerId: number): Promise<OverrideSummaryEntry[]> {
    return this.db
      .selectFrom('timetable_overrides as o')
      .innerJoin('timetable_schedule_items as i', 'i.id', 'o.schedule_item_id')
      .select(['i.subject_name', 'i.subject_code', 'o.week_start_date', 'i.day_of_week', 'o.status', 'o.notes'])
      .where('o.owner_id', '=', ownerId)
      .where('i.owner_id', '=', ownerId)
      .orderBy('i.subject_name')
      .orderBy('i.subject_code')
      .orderBy('o.week_start_date')
      .orderBy('i.day_of_week')
      .orderBy('i.start_time')
      .execute();
  }

  async listHomework(ownerId: number): Promise<Homework[]> {
    return this.db
      .selectFrom('timetable_homework')
      .select(HOMEWORK_COLUMNS)
      .where('owner_id', '=', ownerId)
      .orderBy('due_date')
      .orderBy('due_time')
      .orderBy('id')
      .execute();
  }

  async findHomework(ownerId: number, id: number): Promise<Homework | null> {
    const row = await this.db.selectFrom('timetable_homework').select(HOMEWORK_COLUMNS).where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
    return row ?? null;
  }

  async insertHomework(ownerId: number, values: HomeworkValues): Promise<Homework> {
    const at = this.now();
    try {
      return await this.db
        .insertInto('timetable_homework')
        .values({ owner_id: ownerId, ...values, created_at: at, updated_at: at })
        .returning(HOMEWORK_COLUMNS)
        .executeTakeFirstOrThrow();
    } catch (error) {
      throw duplicateHomeworkId(error, values.homework_id);
    }
  }

  async updateHomework(ownerId: number, id: number, values: HomeworkValues): Promise<Homework | null> {
    try {
      const row = await this.db
        .updateTable('timetable_homework')
        .set({ ...values, updated_at: this.now() })
        .where('owner_id', '=', ownerId)
        .where('id', '=', id)
        .returning(HOMEWORK_COLUMNS)
        .executeTakeFirst();
      return row ?? null;
    } catch (error) {
      throw duplicateHomeworkId(error, values.homework_id);
    }
  }

  async deleteHomework(ownerId: number, id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('timetable_homework').where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Makes `rows` the owner's weekly timetable in one transaction: a class in the same slot (day and
   * start time) keeps its id, and so its overrides and notes; classes no longer listed go, with their
   * overrides. Issue 10 item 9: two imports at once both find a slot empty and both insert it; the
   * slot's unique index refuses the later one, which then runs again and finds the class.
   */
  async replaceTimetable(ownerId: number, rows: readonly TimetableCsvRow[]): Promise<{ added: number; updated: number; removed: number }> {
    return retryOnWriteConflict(() => this.db.transaction().execute(async (tx) => {
      const existing = await tx.selectFrom('timetable_schedule_items').select(['id', 'day_of_week', 'start_time']).where('owner_id', '=', ownerId).execute();
      const bySlot = new Map(existing.map((e) => [`${e.day_of_week} ${e.start_time}`, e.id]));
      const kept = new Set<number>();
      let added = 0;
      let updated = 0;
      for (const row of rows) {
        const id = bySlot.get(`${row.day_of_week} ${row.start_time}`);
        const values = { subject_code: row.subject_code, subject_name: row.subject_name, end_time: row.end_time, room: row.room };
        if (id !== undefined) {
          await tx.updateTable('timetable_schedule_items').set(values).where('id', '=', id).where('owner_id', '=', ownerId).execute();
          kept.add(id);
          updated++;
        } else {
          await tx
            .insertInto('timetable_schedule_items')
            .values({ owner_id: ownerId, day_of_week: row.day_of_week, start_time: row.start_time, status: 'Up-Coming', notes: '', created_at: this.now(), ...values })
            .execute();
          added++;
        }
      }
      const gone = existing.filter((e) => !kept.has(e.id)).map((e) => e.id);
      if (gone.length) {
        // Explicit, not only ON DELETE CASCADE, so it holds on a SQLite file opened without foreign keys.
        await tx.deleteFrom('timetable_overrides').where('owner_id', '=', ownerId).where('schedule_item_id', 'in', gone).execute();
        await tx.deleteFrom('timetable_schedule_items').where('owner_id', '=', ownerId).where('id', 'in', gone).execute();
      }
      return { added, updated, removed: gone.length };
    }));
  }
}

function duplicateHomeworkId(error: unknown, homeworkId: string): unknown {
  return isUniqueViolation(error) ? new DomainError('timetable.homework_id_taken', `You already have homework with the ID ${homeworkId}.`) : error;
}

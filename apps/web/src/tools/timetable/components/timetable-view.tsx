import { useState } from 'react';
import type { ClassStatus, Homework, ScheduleItem } from '@guildhall/contracts/timetable';
import {
  addWeeks,
  canGoToPreviousWeek,
  classDate,
  currentWeekStart,
  formatSchoolDate,
  splitToday,
  weekDays,
  weekRangeLabel,
} from '@guildhall/contracts/timetable-rules';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { Tabs } from '@/ui/tabs';
import { useToast } from '@/ui/toast';
import { useSchedule } from '../api/get-schedule';
import { useSaveOverride } from '../api/save-override';
import { MESSAGES, detailOf, isRefusal } from '../lib/messages';
import { type SchoolConfig, dayHeading } from '../lib/settings';
import { useReevaluation } from '../lib/use-now';
import { ClassTable } from './class-table';
import { HomeworkDetailsModal } from './homework-details-modal';
import { ImportTimetableDialog } from './import-timetable-dialog';
import { NotesModal } from './notes-modal';

export interface TimetableViewProps {
  config: SchoolConfig;
  homework: readonly Homework[];
}

/** 002 §2 Timetable: Today's Upcoming, Today's Past and Full Week with its week navigation. */
export function TimetableView({ config, homework }: TimetableViewProps) {
  const { evaluatedAt, flashing } = useReevaluation();
  const thisWeek = currentWeekStart(evaluatedAt, config);
  const [viewWeek, setViewWeek] = useState<string | null>(null);
  const week = viewWeek ?? thisWeek;
  const current = useSchedule(thisWeek);
  const shown = useSchedule(week);
  const save = useSaveOverride();
  const toast = useToast();
  const [notesFor, setNotesFor] = useState<{ item: ScheduleItem; weekStart: string } | null>(null);
  const [homeworkFor, setHomeworkFor] = useState<{ subject: string; homework: Homework[] } | null>(null);

  const changeStatus = (weekStart: string) => (item: ScheduleItem, status: ClassStatus) => {
    save.mutate(
      { schedule_item_id: item.id, week_start_date: weekStart, status, notes: item.notes },
      {
        // 002 §7: rolled back on failure (the hook restores the list); 002 §8 says which text.
        onError: (error) =>
          toast({
            tone: 'danger',
            title: isRefusal(error) ? MESSAGES.overrideRefused : MESSAGES.overrideFailed,
            description: detailOf(error),
          }),
      },
    );
  };
  const saveNotes = (notes: string) => {
    if (!notesFor) return;
    const { item, weekStart } = notesFor;
    save.mutate(
      { schedule_item_id: item.id, week_start_date: weekStart, status: item.status, notes },
      {
        onSuccess: () => setNotesFor(null),
        onError: (error) =>
          toast({ tone: 'danger', title: isRefusal(error) ? MESSAGES.noteRefused : MESSAGES.noteFailed, description: detailOf(error) }),
      },
    );
  };
  const tableProps = (weekStart: string) => ({
    weekStart,
    now: evaluatedAt,
    config,
    homework,
    onStatusChange: changeStatus(weekStart),
    onOpenNotes: (item: ScheduleItem) => setNotesFor({ item, weekStart }),
    onOpenHomework: (item: ScheduleItem, list: Homework[]) => setHomeworkFor({ subject: item.subject_name, homework: list }),
  });

  const today = current.data ? splitToday(current.data, evaluatedAt, config) : null;
  const todayView = (which: 'upcoming' | 'past') =>
    current.isPending ? (
      <Spinner label="Loading timetable" />
    ) : current.isError ? (
      <LoadError message={current.error.message} />
    ) : (
      <ClassTable
        caption={which === 'upcoming' ? "Today's upcoming classes" : "Today's past classes"}
        captionHidden
        items={today![which]}
        pastView={which === 'past'}
        {...tableProps(thisWeek)}
      />
    );

  const prevAllowed = canGoToPreviousWeek(week, config.termStart);
  const fullWeek = (
    <div className="tt-stack">
      <nav className="tt-week-nav" aria-label="Week navigation">
        <Button variant="secondary" size="sm" disabled={!prevAllowed} onClick={() => setViewWeek(addWeeks(week, -1))}>
          Prev Week
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setViewWeek(null)}>
          Go to Today
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setViewWeek(addWeeks(week, 1))}>
          Next Week
        </Button>
        <span className="tt-week-nav__label" aria-live="polite" data-testid="week-range">
          {weekRangeLabel(week)}
        </span>
      </nav>
      {shown.isPending ? (
        <Spinner label="Loading week" />
      ) : shown.isError ? (
        <LoadError message={shown.error.message} />
      ) : (
        weekDays(config.weekStartsOn)
          // 002 §2: day headers Monday to Friday; a weekend day appears only when it has classes.
          .filter((day) => day <= 5 || shown.data.some((i) => i.day_of_week === day))
          .map((day) => {
            const heading = dayHeading(config, day);
            const date = classDate(week, day, config.weekStartsOn);
            return (
              <section key={day} className="tt-day" aria-label={heading.english}>
                <h3 className="tt-day__title">
                  {heading.english} <span lang="th">{heading.local}</span> <span className="tt-muted">{formatSchoolDate(date)}</span>
                </h3>
                <ClassTable
                  caption={`${heading.english} ${formatSchoolDate(date)}`}
                  captionHidden
                  items={shown.data.filter((i) => i.day_of_week === day)}
                  {...tableProps(week)}
                />
              </section>
            );
          })
      )}
    </div>
  );

  return (
    <div className={flashing ? 'tt-timetable tt-flash' : 'tt-timetable'} data-flashing={flashing || undefined}>
      <div className="tt-toolbar">
        <ImportTimetableDialog />
      </div>
      <Tabs
        label="Timetable view"
        tabs={[
          { value: 'upcoming', label: "Today's Upcoming", content: todayView('upcoming') },
          { value: 'past', label: "Today's Past", content: todayView('past') },
          { value: 'week', label: 'Full Week', content: fullWeek },
        ]}
      />
      <NotesModal item={notesFor?.item ?? null} saving={save.isPending} onSave={saveNotes} onClose={() => setNotesFor(null)} />
      <HomeworkDetailsModal
        subject={homeworkFor?.subject ?? null}
        homework={homeworkFor?.homework ?? []}
        now={evaluatedAt}
        timeZone={config.timeZone}
        onClose={() => setHomeworkFor(null)}
      />
    </div>
  );
}

/** 002 §2: a load failure shows 'Error: {message}' in red. */
export function LoadError({ message }: { message: string }) {
  return (
    <p className="tt-error" role="alert">
      Error: {message}
    </p>
  );
}

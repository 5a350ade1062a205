import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import type { ClassStatus, Homework, ScheduleItem } from '@guildhall/contracts/timetable';
import {
  addWeeks,
  canGoToPreviousWeek,
  classDate,
  currentWeekStart,
  addDays,
  schoolMoment,
  splitToday,
  weekDays,
  weekRangeLabel,
} from '@guildhall/contracts/timetable-rules';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { Tabs } from '@/ui/tabs';
import { useToast } from '@/ui/toast';
import { getSchedule, useSchedule } from '../api/get-schedule';
import { timetableKeys } from '../api/keys';
import { useSaveOverride } from '../api/save-override';
import { LoadFailure, isRefusal } from '../lib/messages';
import { type SchoolConfig, dayHeading } from '../lib/settings';
import { useReevaluation } from '../lib/use-now';
import { ClassTable } from './class-table';
import { HomeworkDetailsModal } from './homework-details-modal';
import { ImportTimetableDialog } from './import-timetable-dialog';
import { NotesModal } from './notes-modal';
import { formatTimetableDate, useTimetableRefusal, useTimetableT } from '../messages';

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
  const queryClient = useQueryClient();
  const toast = useToast();
  const { t, language } = useTimetableT();
  const refusal = useTimetableRefusal();
  const [notesFor, setNotesFor] = useState<{ item: ScheduleItem; weekStart: string } | null>(null);
  const [homeworkFor, setHomeworkFor] = useState<{ subject: string; homework: Homework[] } | null>(null);

  const changeStatus = (weekStart: string) => (item: ScheduleItem, status: ClassStatus) => {
    save.mutate(
      // Decision 0057: `expected` is the class as this page shows it; a stale tab's change is refused
      // instead of wiping a note saved in another tab (the week is read again after any save).
      {
        schedule_item_id: item.id,
        week_start_date: weekStart,
        status,
        notes: item.notes,
        expected: { status: item.status, notes: item.notes },
      },
      {
        // 002 §7: rolled back on failure (the hook restores the list); 002 §8 says which text.
        onError: (error) =>
          toast({
            tone: 'danger',
            title: t(isRefusal(error) ? 'messages.overrideRefused' : 'messages.overrideFailed'),
            description: refusal(error) || undefined,
          }),
      },
    );
  };
  const saveNotes = (notes: string) => {
    if (!notesFor) return;
    const { item, weekStart } = notesFor;
    save.mutate(
      {
        schedule_item_id: item.id,
        week_start_date: weekStart,
        status: item.status,
        notes,
        expected: { status: item.status, notes: item.notes },
      },
      {
        onSuccess: () => setNotesFor(null),
        onError: (error) => {
          toast({
            tone: 'danger',
            title: t(isRefusal(error) ? 'messages.noteRefused' : 'messages.noteFailed'),
            description: refusal(error) || undefined,
          });
          // Decision 0057: changed in another tab: the week is read again and the open editor (its text
          // kept as typed) now names the class as it is, so a second Save is made knowingly.
          if (error instanceof ApiError && error.status === 409)
            void queryClient
              .fetchQuery({ queryKey: timetableKeys.schedule(weekStart), queryFn: () => getSchedule(weekStart), staleTime: 0 })
              .then(
                (items) => {
                  const fresh = items.find((i) => i.id === item.id);
                  setNotesFor((open) => (open?.item.id === item.id && fresh ? { item: fresh, weekStart } : open));
                },
                () => undefined,
              );
        },
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
      <Spinner label={t('view.loading')} />
    ) : current.isError ? (
      <LoadError error={current.error} />
    ) : (
      <ClassTable
        caption={t(which === 'upcoming' ? 'view.captionUpcoming' : 'view.captionPast')}
        captionHidden
        items={today![which]}
        pastView={which === 'past'}
        {...tableProps(thisWeek)}
      />
    );

  const prevAllowed = canGoToPreviousWeek(week, config.termStart);
  // Issue 16 item 5: today's column stands out in Full Week.
  const todayDate = schoolMoment(evaluatedAt, config.timeZone).date;
  const fullWeek = (
    <div className="tt-stack">
      <nav className="tt-week-nav" aria-label={t('view.weekNav')}>
        <Button variant="secondary" size="sm" disabled={!prevAllowed} onClick={() => setViewWeek(addWeeks(week, -1))}>
          {t('view.prevWeek')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setViewWeek(null)}>
          {t('view.goToday')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setViewWeek(addWeeks(week, 1))}>
          {t('view.nextWeek')}
        </Button>
        <span className="tt-week-nav__label" aria-live="polite" data-testid="week-range">
          {language === 'en'
            ? weekRangeLabel(week)
            : t('view.weekRange', { start: formatTimetableDate(language, week), end: formatTimetableDate(language, addDays(week, 6)) })}
        </span>
      </nav>
      {shown.isPending ? (
        <Spinner label={t('view.loadingWeek')} />
      ) : shown.isError ? (
        <LoadError error={shown.error} />
      ) : (
        weekDays(config.weekStartsOn)
          // 002 §2: day headers Monday to Friday; a weekend day appears only when it has classes.
          .filter((day) => day <= 5 || shown.data.some((i) => i.day_of_week === day))
          .map((day) => {
            const heading = dayHeading(config, day);
            const date = classDate(week, day, config.weekStartsOn);
            const isToday = date === todayDate;
            return (
              <section
                key={day}
                className={isToday ? 'tt-day tt-day--today' : 'tt-day'}
                aria-label={heading.english}
                data-today={isToday || undefined}
              >
                <h3 className="tt-day__title" aria-current={isToday ? 'date' : undefined}>
                  {language === 'en' && heading.english} <span lang="th">{heading.local}</span>{' '}
                  <span className="tt-muted">{formatTimetableDate(language, date)}</span>
                  {isToday && <span className="tt-today-tag">{t('view.today')}</span>}
                </h3>
                <ClassTable
                  caption={t('view.dayCaption', {
                    day: language === 'en' ? heading.english : heading.local,
                    date: formatTimetableDate(language, date),
                  })}
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
      {current.data?.length === 0 && <EmptyTimetable />}
      <Tabs
        label={t('view.label')}
        tabs={[
          { value: 'upcoming', label: t('view.upcoming'), content: todayView('upcoming') },
          { value: 'past', label: t('view.past'), content: todayView('past') },
          { value: 'week', label: t('view.week'), content: fullWeek },
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

/** Issue 16 item 5: an empty timetable says how to import one, with a sample file to start from. */
function EmptyTimetable() {
  const { t } = useTimetableT();
  return (
    <section className="tt-empty" aria-labelledby="tt-empty-title" data-testid="empty-timetable">
      <h3 id="tt-empty-title" className="tt-empty__title">
        {t('empty.title')}
      </h3>
      <p>{t('empty.body')}</p>
      <p>
        <a
          className="ui-button ui-button--secondary ui-button--sm"
          href="/timetable/api/schedule/sample.csv"
          download="timetable-sample.csv"
        >
          {t('empty.sample')}
        </a>
      </p>
    </section>
  );
}

/**
 * 002 §2: a load failure shows 'Error: {message}' in red; 002 §8's load failures and the server's
 * refusals in the reader's language (issue 16 item 1), 002's English as it is.
 */
export function LoadError({ error }: { error: Error }) {
  const { t, language } = useTimetableT();
  const refusal = useTimetableRefusal();
  const message =
    error instanceof LoadFailure && language !== 'en'
      ? t(`loadFailed.${error.what}`, { week: error.week && formatTimetableDate(language, error.week) })
      : refusal(error);
  return (
    <p className="tt-error" role="alert">
      {t('error', { message })}
    </p>
  );
}

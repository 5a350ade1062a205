import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Homework, ScheduleItem } from '@guildhall/contracts/timetable';
import {
  HOMEWORK_FILTERS,
  type HomeworkFilter,
  displayHomeworkId,
  homeworkDisplayStatus,
  homeworkStatistics,
  selectHomework,
} from '@guildhall/contracts/timetable-rules';
import { ApiError } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { Modal } from '@/ui/modal';
import { useToast } from '@/ui/toast';
import { useCreateHomework } from '../api/create-homework';
import { useDeleteHomework } from '../api/delete-homework';
import { timetableKeys } from '../api/keys';
import { refreshHomework } from '../api/refresh-homework';
import { useUpdateHomework } from '../api/update-homework';
import { useMarkHomeworkDone } from '../api/mark-homework-done';
import { useMarkOverdueDone } from '../api/mark-overdue-done';
import { useRepeatHomework } from '../api/repeat-homework';
import { RepeatHomeworkForm, type RepeatHomeworkValues } from './repeat-homework-form';
import { useSingleFlight } from '@/lib/use-single-flight';
import { formatTimetableDate, useTimetableRefusal, useTimetableT } from '../messages';
import type { SchoolConfig } from '../lib/settings';
import { useNow } from '../lib/use-now';
import { HomeworkFeedDialog } from './homework-feed-dialog';
import { HomeworkForm, type HomeworkFormValues, type SubjectChoice } from './homework-form';
import { HomeworkStatusTag } from './homework-status-tag';

export interface HomeworkManagerProps {
  config: SchoolConfig;
  homework: readonly Homework[];
  subjects: readonly SubjectChoice[];
  /** This week's classes, for weekly repeating homework (issue 16 item 5). */
  classes?: readonly ScheduleItem[];
}

/** 002 §2 Homework manager: statistics, search by ID, the five filters, the form and the list. */
export function HomeworkManager({ config, homework, subjects, classes = [] }: HomeworkManagerProps) {
  const now = useNow(30_000);
  const queryClient = useQueryClient();
  const toast = useToast();
  const { t, language } = useTimetableT();
  const refusal = useTimetableRefusal();
  const create = useCreateHomework();
  const update = useUpdateHomework();
  const remove = useDeleteHomework();
  const markDone = useMarkHomeworkDone();
  const markOverdue = useMarkOverdueDone();
  const repeat = useRepeatHomework();
  // One request per click: a double click on a form's submit made the homework twice (or 8 of 4 weeks),
  // as isPending disables the button only once React has drawn it again.
  const createOnce = useSingleFlight(create);
  const updateOnce = useSingleFlight(update);
  const removeOnce = useSingleFlight(remove);
  const repeatOnce = useSingleFlight(repeat);
  const [repeating, setRepeating] = useState(false);
  const [filter, setFilter] = useState<HomeworkFilter>('All Pending');
  const [search, setSearch] = useState('');
  const [form, setForm] = useState<{ editing: Homework | null; notice?: string } | null>(null);
  const [deleting, setDeleting] = useState<Homework | null>(null);

  // Decision 0057: deleting an item, or marking it done under a filter that hides done work, removed the
  // focused button (or the one the delete dialog gave focus back to) with its card, and focus fell to
  // the page body: a keyboard or screen-reader user started again from the top. Once the list is drawn
  // again without it, focus goes to the list.
  const listRegion = useRef<HTMLDivElement>(null);
  const refocusList = useRef(false);
  useEffect(() => {
    if (!refocusList.current) return;
    refocusList.current = false;
    const focused = document.activeElement;
    if (!focused || focused === document.body || !focused.isConnected) listRegion.current?.focus();
  }, [homework]);

  const stats = homeworkStatistics(homework);
  const shown = selectHomework(homework, filter, search, now, config);
  const subjectName = (code: string) => subjects.find((s) => s.code === code)?.name ?? code;

  // 002 §8 'Failed to refresh homework.' (messages.refreshHomework), in the reader's language.
  const refresh = () => refreshHomework(queryClient).catch(() => toast({ tone: 'danger', title: t('messages.refreshHomework') }));

  const submit = (values: HomeworkFormValues) => {
    const onError = (error: Error) => {
      // Decision 0057: refused as changed elsewhere (or gone): the list is read again and the form, as
      // typed, now names the item as it is (a second Save is made knowingly) and says why beside its
      // buttons, where the person is looking; a deleted item's form closes.
      const editing = form?.editing;
      if (editing && error instanceof ApiError && error.status === 409) {
        const notice = refusal(error) || t('messages.saveHomework');
        void refresh().then(() => {
          const fresh = queryClient.getQueryData<Homework[]>(timetableKeys.homework)?.find((h) => h.id === editing.id);
          setForm((open) => (open?.editing?.id === editing.id ? (fresh ? { editing: fresh, notice } : null) : open));
        });
        return;
      }
      toast({ tone: 'danger', title: t('messages.saveHomework'), description: refusal(error) || undefined });
      if (editing && error instanceof ApiError && error.status === 404)
        void refresh().then(() => setForm((open) => (open?.editing?.id === editing.id ? null : open)));
    };
    const onSuccess = () => {
      setForm(null);
      void refresh();
    };
    if (form?.editing) {
      // Decision 0057: the item as the form opened it, so an edit from a stale tab cannot put back the
      // fields another tab changed (a Done marked there went back to Pending).
      const { id, ...expected } = form.editing;
      updateOnce({ id, body: { ...values, homework_id: form.editing.homework_id, expected } }, { onSuccess, onError });
    } else createOnce({ ...values, status: 'Pending' }, { onSuccess, onError }); // 002 §4: a new item starts as Pending
  };

  const confirmDelete = () => {
    if (!deleting) return;
    removeOnce(deleting.id, {
      onSuccess: () => {
        refocusList.current = true;
        setDeleting(null);
        void refresh();
      },
      onError: (error) => toast({ tone: 'danger', title: t('messages.deleteHomework'), description: refusal(error) || undefined }),
    });
  };

  // Issue 16 item 5: done in one tap; every overdue item at once; weekly homework on a class.
  const failedSave = (error: Error) =>
    toast({ tone: 'danger', title: t('messages.saveHomework'), description: refusal(error) || undefined });
  const overdue = homework.filter((item) => homeworkDisplayStatus(item, now, config.timeZone) === 'Due').length;
  const done = (item: Homework) =>
    markDone.mutate(item.id, {
      onSuccess: () => {
        refocusList.current = true;
        void refresh();
      },
      onError: failedSave,
    });
  const doneOverdue = () =>
    markOverdue.mutate(undefined, {
      onSuccess: (answer) => {
        toast({ tone: 'success', title: t('homework.markedOverdue', { count: answer.marked }) });
        void refresh();
      },
      onError: failedSave,
    });
  const submitRepeat = (values: RepeatHomeworkValues) =>
    repeatOnce(values, {
      onSuccess: (items) => {
        setRepeating(false);
        toast({ tone: 'success', title: t('homework.addedWeekly', { count: items.length }) });
        void refresh();
      },
      onError: failedSave,
    });

  const copyId = async (item: Homework) => {
    const id = displayHomeworkId(item.homework_id);
    try {
      await navigator.clipboard.writeText(id);
      toast({ tone: 'success', title: t('homework.copied', { id }) });
    } catch {
      toast({ tone: 'warning', title: t('homework.copyFailed', { id }) });
    }
  };

  return (
    <div className="tt-stack">
      <dl className="tt-stats" aria-label={t('homework.statistics')}>
        <div className="tt-stat">
          <dt>{t('homework.total')}</dt>
          <dd data-testid="stat-total">{stats.total}</dd>
        </div>
        <div className="tt-stat">
          <dt>{t('homework.completed')}</dt>
          <dd data-testid="stat-completed">{stats.completed}</dd>
        </div>
        <div className="tt-stat">
          <dt>{t('homework.left')}</dt>
          <dd data-testid="stat-left">{stats.leftToDo}</dd>
        </div>
      </dl>

      <div className="tt-toolbar">
        <TextField
          label={t('homework.search')}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('homework.searchHint')}
          className="tt-grow"
        />
        <Button
          onClick={() => setForm({ editing: null })}
          disabled={subjects.length === 0}
          title={subjects.length === 0 ? t('homework.needTimetable') : undefined}
        >
          {t('homework.add')}
        </Button>
        <Button variant="secondary" onClick={() => setRepeating(true)} disabled={classes.length === 0}>
          {t('homework.repeat')}
        </Button>
        <Button variant="secondary" onClick={doneOverdue} disabled={overdue === 0 || markOverdue.isPending}>
          {t('homework.markOverdue')}
        </Button>
        <a className="ui-button ui-button--ghost ui-button--md" href="/timetable/api/homework.ics" download="homework.ics">
          {t('homework.exportCalendar')}
        </a>
        <HomeworkFeedDialog timeZone={config.timeZone} />
      </div>

      <div className="tt-filters" role="group" aria-label={t('homework.filterLabel')}>
        {HOMEWORK_FILTERS.map((f) => (
          <Button
            key={f}
            size="sm"
            variant={f === filter ? 'primary' : 'secondary'}
            aria-pressed={f === filter}
            onClick={() => setFilter(f)}
          >
            {t(`homework.filters.${f}`)}
          </Button>
        ))}
      </div>

      <div ref={listRegion} tabIndex={-1} className="tt-list-region" data-testid="homework-list-region">
        {shown.length === 0 ? (
          <p className="tt-muted">{t('homework.none')}</p>
        ) : (
          <ul className="tt-list" aria-label={t('homework.list')}>
            {shown.map((item) => (
              <li key={item.id} className="tt-card" data-homework-id={item.homework_id}>
                <div className="tt-card__head">
                  <strong className="tt-card__title">{item.title}</strong>
                  <HomeworkStatusTag status={homeworkDisplayStatus(item, now, config.timeZone)} />
                </div>
                <p className="tt-muted">
                  {t('homework.meta', {
                    subject: subjectName(item.subject_code),
                    code: item.subject_code,
                    date: formatTimetableDate(language, item.due_date),
                    time: item.due_time,
                  })}{' '}
                  <span className="tt-mono">{displayHomeworkId(item.homework_id)}</span>
                </p>
                {item.details && <p className="tt-pre">{item.details}</p>}
                <div className="tt-actions tt-actions--start">
                  {!['Done', 'Graded'].includes(homeworkDisplayStatus(item, now, config.timeZone)) && (
                    <Button
                      size="sm"
                      onClick={() => done(item)}
                      disabled={markDone.isPending}
                      aria-label={t('homework.markDone', { title: item.title })}
                    >
                      {t('homework.done')}
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setForm({ editing: item })}
                    aria-label={t('homework.editOf', { title: item.title })}
                  >
                    {t('homework.editAction')}
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    onClick={() => setDeleting(item)}
                    aria-label={t('homework.deleteOf', { title: item.title })}
                  >
                    {t('homework.delete')}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => void copyId(item)}
                    aria-label={t('homework.copyIdOf', { title: item.title })}
                  >
                    {t('homework.copyId')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>

      <Modal
        open={form !== null}
        onOpenChange={(open) => !open && setForm(null)}
        title={t(form?.editing ? 'homework.edit' : 'homework.add')}
        size="lg"
      >
        {form && (
          <HomeworkForm
            key={form.editing?.id ?? 'new'}
            editing={form.editing}
            subjects={subjects}
            saving={create.isPending || update.isPending}
            notice={form.notice}
            onSubmit={submit}
            onCancel={() => setForm(null)}
          />
        )}
      </Modal>

      <Modal open={repeating} onOpenChange={(open) => !open && setRepeating(false)} title={t('homework.repeat')} size="lg">
        {repeating && (
          <RepeatHomeworkForm classes={classes} saving={repeat.isPending} onSubmit={submitRepeat} onCancel={() => setRepeating(false)} />
        )}
      </Modal>

      <Modal
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('homework.deleteTitle')}
        description={t('messages.deleteConfirm')}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              {t('homework.cancel')}
            </Button>
            <Button variant="danger" onClick={confirmDelete} disabled={remove.isPending}>
              {t('homework.delete')}
            </Button>
          </>
        }
      />
    </div>
  );
}

import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Homework } from '@guildhall/contracts/timetable';
import {
  HOMEWORK_FILTERS,
  type HomeworkFilter,
  displayHomeworkId,
  formatSchoolDate,
  homeworkDisplayStatus,
  homeworkStatistics,
  selectHomework,
} from '@guildhall/contracts/timetable-rules';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { Modal } from '@/ui/modal';
import { useToast } from '@/ui/toast';
import { useCreateHomework } from '../api/create-homework';
import { useDeleteHomework } from '../api/delete-homework';
import { refreshHomework } from '../api/refresh-homework';
import { useUpdateHomework } from '../api/update-homework';
import { MESSAGES, detailOf } from '../lib/messages';
import type { SchoolConfig } from '../lib/settings';
import { useNow } from '../lib/use-now';
import { HomeworkFeedDialog } from './homework-feed-dialog';
import { HomeworkForm, type HomeworkFormValues, type SubjectChoice } from './homework-form';
import { HomeworkStatusTag } from './homework-status-tag';

export interface HomeworkManagerProps {
  config: SchoolConfig;
  homework: readonly Homework[];
  subjects: readonly SubjectChoice[];
}

/** 002 §2 Homework manager: statistics, search by ID, the five filters, the form and the list. */
export function HomeworkManager({ config, homework, subjects }: HomeworkManagerProps) {
  const now = useNow(30_000);
  const queryClient = useQueryClient();
  const toast = useToast();
  const create = useCreateHomework();
  const update = useUpdateHomework();
  const remove = useDeleteHomework();
  const [filter, setFilter] = useState<HomeworkFilter>('All Pending');
  const [search, setSearch] = useState('');
  const [form, setForm] = useState<{ editing: Homework | null } | null>(null);
  const [deleting, setDeleting] = useState<Homework | null>(null);

  const stats = homeworkStatistics(homework);
  const shown = selectHomework(homework, filter, search, now, config);
  const subjectName = (code: string) => subjects.find((s) => s.code === code)?.name ?? code;

  const refresh = () => refreshHomework(queryClient).catch((error: Error) => toast({ tone: 'danger', title: error.message }));

  const submit = (values: HomeworkFormValues) => {
    const onError = (error: Error) => toast({ tone: 'danger', title: MESSAGES.saveHomework, description: detailOf(error) });
    const onSuccess = () => {
      setForm(null);
      void refresh();
    };
    if (form?.editing)
      update.mutate({ id: form.editing.id, body: { ...values, homework_id: form.editing.homework_id } }, { onSuccess, onError });
    else create.mutate({ ...values, status: 'Pending' }, { onSuccess, onError }); // 002 §4: a new item starts as Pending
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        void refresh();
      },
      onError: (error) => toast({ tone: 'danger', title: MESSAGES.deleteHomework, description: detailOf(error) }),
    });
  };

  const copyId = async (item: Homework) => {
    const id = displayHomeworkId(item.homework_id);
    try {
      await navigator.clipboard.writeText(id);
      toast({ tone: 'success', title: `Copied ID ${id}` });
    } catch {
      toast({ tone: 'warning', title: `Could not copy. The ID is ${id}.` });
    }
  };

  return (
    <div className="tt-stack">
      <dl className="tt-stats" aria-label="Statistics">
        <div className="tt-stat">
          <dt>Total Assignments</dt>
          <dd data-testid="stat-total">{stats.total}</dd>
        </div>
        <div className="tt-stat">
          <dt>Completed</dt>
          <dd data-testid="stat-completed">{stats.completed}</dd>
        </div>
        <div className="tt-stat">
          <dt>Left to Do</dt>
          <dd data-testid="stat-left">{stats.leftToDo}</dd>
        </div>
      </dl>

      <div className="tt-toolbar">
        <TextField
          label="Search by homework ID"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="e.g. 7K2P9Q"
          className="tt-grow"
        />
        <Button
          onClick={() => setForm({ editing: null })}
          disabled={subjects.length === 0}
          title={subjects.length === 0 ? 'Import a timetable first: subjects come from it.' : undefined}
        >
          Add Homework
        </Button>
        <a className="ui-button ui-button--ghost ui-button--md" href="/timetable/api/homework.ics" download="homework.ics">
          Export calendar (.ics)
        </a>
        <HomeworkFeedDialog timeZone={config.timeZone} />
      </div>

      <div className="tt-filters" role="group" aria-label="Filter homework">
        {HOMEWORK_FILTERS.map((f) => (
          <Button
            key={f}
            size="sm"
            variant={f === filter ? 'primary' : 'secondary'}
            aria-pressed={f === filter}
            onClick={() => setFilter(f)}
          >
            {f}
          </Button>
        ))}
      </div>

      {shown.length === 0 ? (
        <p className="tt-muted">No homework to show.</p>
      ) : (
        <ul className="tt-list" aria-label="Homework">
          {shown.map((item) => (
            <li key={item.id} className="tt-card" data-homework-id={item.homework_id}>
              <div className="tt-card__head">
                <strong className="tt-card__title">{item.title}</strong>
                <HomeworkStatusTag status={homeworkDisplayStatus(item, now, config.timeZone)} />
              </div>
              <p className="tt-muted">
                {subjectName(item.subject_code)} ({item.subject_code}) · Due {formatSchoolDate(item.due_date)} {item.due_time} · ID{' '}
                <span className="tt-mono">{displayHomeworkId(item.homework_id)}</span>
              </p>
              {item.details && <p className="tt-pre">{item.details}</p>}
              <div className="tt-actions tt-actions--start">
                <Button size="sm" variant="secondary" onClick={() => setForm({ editing: item })} aria-label={`Edit ${item.title}`}>
                  Edit
                </Button>
                <Button size="sm" variant="danger" onClick={() => setDeleting(item)} aria-label={`Delete ${item.title}`}>
                  Delete
                </Button>
                <Button size="sm" variant="ghost" onClick={() => void copyId(item)} aria-label={`Copy ID of ${item.title}`}>
                  Copy ID
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <Modal
        open={form !== null}
        onOpenChange={(open) => !open && setForm(null)}
        title={form?.editing ? 'Edit Homework' : 'Add Homework'}
        size="lg"
      >
        {form && (
          <HomeworkForm
            key={form.editing?.id ?? 'new'}
            editing={form.editing}
            subjects={subjects}
            saving={create.isPending || update.isPending}
            onSubmit={submit}
            onCancel={() => setForm(null)}
          />
        )}
      </Modal>

      <Modal
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete homework"
        description={MESSAGES.deleteConfirm}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button variant="danger" onClick={confirmDelete} disabled={remove.isPending}>
              Delete
            </Button>
          </>
        }
      />
    </div>
  );
}

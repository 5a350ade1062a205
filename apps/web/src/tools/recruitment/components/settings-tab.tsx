import { type FormEvent, useState } from 'react';
import { DEFAULT_STAGE_COLOR, QUESTION_TYPES, QuestionType, UNSET_DATE, splitChoices } from '@guildhall/contracts/recruitment';
import { Button } from '@/ui/button';
import { SelectField, TextAreaField, TextField } from '@/ui/field';
import { Spinner } from '@/ui/spinner';
import { StatusCard } from '@/ui/status-card';
import { useToast } from '@/ui/toast';
import { useCreateQuestion } from '../api/create-question';
import { useCreateRole } from '../api/create-role';
import { useCreateStage } from '../api/create-stage';
import { useQuestions } from '../api/get-questions';
import { useRoles } from '../api/get-roles';
import { useSettings } from '../api/get-settings';
import { useStages } from '../api/get-stages';
import { useReorderList } from '../api/reorder-list';
import { useUpdateSetting } from '../api/update-setting';
import { formatSettingDate, formatTimestamp } from '../lib/format';
import { MESSAGES, updateFailureText } from '../lib/messages';
import { useSettingDraft } from '../lib/use-setting-draft';
import { QuestionRow, RoleRow, RoleScopeField, StageRow, TYPE_LABELS } from './managed-rows';
import { SortableList } from './sortable-list';
import { ReviewCycleSettings } from './review-cycle-settings';
import { SavedElsewhereNote } from './saved-elsewhere-note';
import { useSingleFlight } from '@/lib/use-single-flight';

/** 000 §2 Settings tab: Application Settings, then managing stages, roles and questions. */
export function SettingsTab() {
  return (
    <div className="recruitment-settings">
      <ApplicationSettings />
      <ManageStages />
      <ManageRoles />
      <ManageQuestions />
      <ReviewCycleSettings />
    </div>
  );
}

function useFailureToast() {
  const toast = useToast();
  return (error: unknown) => toast({ title: updateFailureText(error), tone: 'danger' });
}

/** The open/closed toggle, the two dates with 'Set to N/A', and the announcement with Update. */
function ApplicationSettings() {
  const settings = useSettings();
  const update = useUpdateSetting();
  const fail = useFailureToast();
  const toast = useToast();
  const announcement = useSettingDraft(settings.data?.globalProcessAnnouncement ?? '');
  // The switch shows the new position at once: the cache's optimistic value arrives a tick later,
  // and until then React would put the controlled checkbox back (a visible flicker).
  const [openDraft, setOpenDraft] = useState<boolean | null>(null);

  if (settings.isPending) return <Spinner label="Loading settings" />;
  if (settings.isError) return <p>{settings.error.message}</p>;
  const s = settings.data;
  const open = openDraft ?? s.applicationsOpen === 'true';
  const saveAnnouncement = () =>
    update.mutate(
      { key: 'globalProcessAnnouncement', value: announcement.value },
      { onError: fail, onSuccess: () => (announcement.discard(), toast({ title: 'Announcement updated.', tone: 'success' })) },
    );

  return (
    <section className="recruitment-card" aria-labelledby="application-settings">
      <h2 id="application-settings">Application Settings</h2>
      <label className="recruitment-toggle">
        <input
          type="checkbox"
          role="switch"
          checked={open}
          disabled={update.isPending}
          onChange={(e) => {
            const next = e.target.checked;
            setOpenDraft(next);
            update.mutate(
              { key: 'applicationsOpen', value: next ? 'true' : 'false' },
              { onError: fail, onSettled: () => setOpenDraft(null) },
            );
          }}
        />
        <span>Applications are {open ? 'Open' : 'Closed'}</span>
      </label>
      <div className="recruitment-dates">
        <DateSettingField settingKey="applicationStartDate" label="Start date" value={s.applicationStartDate} />
        <DateSettingField settingKey="applicationEndDate" label="End date" value={s.applicationEndDate} />
      </div>
      {isBackwardsWindow(s.applicationStartDate, s.applicationEndDate) && (
        <StatusCard tone="warning" title="The start date is after the end date" headingLevel={3} live>
          No day is inside these dates, so applications stay closed until one of them is changed.
        </StatusCard>
      )}
      <form
        className="recruitment-announcement"
        onSubmit={(e) => {
          e.preventDefault();
          saveAnnouncement();
        }}
      >
        <TextAreaField
          label="Global announcement"
          value={announcement.value}
          maxLength={2000}
          hint={`Last updated: ${formatTimestamp(s.globalProcessLastUpdatedAt) ?? 'Not yet updated'}`}
          onChange={(e) => announcement.change(e.target.value)}
        />
        <SavedElsewhereNote draft={announcement} what="announcement" loadLabel="Load their announcement" />
        <Button type="submit" size="sm" disabled={update.isPending}>
          Update
        </Button>
      </form>
    </section>
  );
}

/**
 * Both dates set and the start after the end. Each date is saved on its own (000 §7 one key per call),
 * so moving the window passes through such a pair: it is shown, not refused.
 */
function isBackwardsWindow(start: string, end: string): boolean {
  const set = (day: string) => Boolean(day) && day !== UNSET_DATE;
  return set(start) && set(end) && start.slice(0, 10) > end.slice(0, 10);
}

/**
 * A start or end date (000 §2) with its 'Set to N/A' action (000 §9: 'N/A' means unset). The date is
 * saved when the person leaves the field or presses Enter, not on every change: while a year is
 * typed the input passes through valid dates (0002, 0020, 0209, 2099), and saving each would close
 * or open applications for everyone in between, and re-render the field under the typing.
 */
function DateSettingField({
  settingKey,
  label,
  value,
}: {
  settingKey: 'applicationStartDate' | 'applicationEndDate';
  label: string;
  value: string;
}) {
  const update = useUpdateSetting();
  const fail = useFailureToast();
  const [draft, setDraft] = useState<string | null>(null);
  const unset = !value || value === UNSET_DATE;
  const save = (next: string) => update.mutate({ key: settingKey, value: next }, { onError: fail, onSettled: () => setDraft(null) });
  const commit = () => {
    if (draft === null) return;
    if (draft && draft !== value) save(draft);
    else setDraft(null);
  };
  return (
    <div className="recruitment-date">
      <TextField
        label={label}
        type="date"
        value={draft ?? (unset ? '' : value)}
        hint={unset ? 'N/A' : (formatSettingDate(value) ?? undefined)}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
      />
      <Button size="sm" variant="secondary" disabled={unset || update.isPending} onClick={() => save(UNSET_DATE)}>
        Set to N/A
      </Button>
    </div>
  );
}

/** Manage Application Stages: name + colour (default #6c757d, 000 §9); the first is the default (000 §4). */
function ManageStages() {
  const stages = useStages();
  const create = useCreateStage();
  const createOnce = useSingleFlight(create);
  const reorder = useReorderList('stages');
  const fail = useFailureToast();
  const [name, setName] = useState('');
  const [color, setColor] = useState(DEFAULT_STAGE_COLOR);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    createOnce({ name, color }, { onError: fail, onSuccess: () => (setName(''), setColor(DEFAULT_STAGE_COLOR)) });
  };
  return (
    <section className="recruitment-card" aria-labelledby="manage-stages">
      <h2 id="manage-stages">Manage Application Stages</h2>
      <SortableList
        label="Stages"
        items={stages.data ?? []}
        nameOf={(s) => `stage ${s.name}`}
        onReorder={(ids) => reorder.mutate(ids, { onError: fail })}
        renderItem={(s, i) => <StageRow key={`${s.id}:${s.name}:${s.color}`} stage={s} isDefault={i === 0} />}
      />
      <form className="recruitment-inline-form" onSubmit={onSubmit}>
        <TextField label="New stage name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
        <TextField label="Colour" type="color" value={color} onChange={(e) => setColor(e.target.value)} className="recruitment-color" />
        <Button type="submit" size="sm" disabled={create.isPending}>
          Add Stage
        </Button>
      </form>
    </section>
  );
}

function ManageRoles() {
  const roles = useRoles();
  const create = useCreateRole();
  const createOnce = useSingleFlight(create);
  const reorder = useReorderList('roles');
  const fail = useFailureToast();
  const [name, setName] = useState('');
  return (
    <section className="recruitment-card" aria-labelledby="manage-roles">
      <h2 id="manage-roles">Manage Roles</h2>
      <SortableList
        label="Roles"
        items={roles.data ?? []}
        nameOf={(r) => `role ${r.name}`}
        onReorder={(ids) => reorder.mutate(ids, { onError: fail })}
        renderItem={(r) => <RoleRow key={`${r.id}:${r.name}`} role={r} />}
      />
      <form
        className="recruitment-inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          createOnce({ name }, { onError: fail, onSuccess: () => setName('') });
        }}
      >
        <TextField label="New role name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
        <Button type="submit" size="sm" disabled={create.isPending}>
          Add Role
        </Button>
      </form>
    </section>
  );
}

/** Manage Questions: text, type, and for multiple-choice comma-separated choices (000 §5). */
function ManageQuestions() {
  const questions = useQuestions();
  const create = useCreateQuestion();
  const createOnce = useSingleFlight(create);
  const reorder = useReorderList('questions');
  const roles = useRoles();
  const [roleIds, setRoleIds] = useState<number[]>([]);
  const fail = useFailureToast();
  const toast = useToast();
  const [text, setText] = useState('');
  const [type, setType] = useState<QuestionType>('text');
  const [choices, setChoices] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    let options: string[] | undefined;
    if (type === 'multiple-choice') {
      options = splitChoices(choices);
      if (options.length === 0) {
        toast({ title: MESSAGES.missingChoices, tone: 'danger' });
        return;
      }
    }
    createOnce({ text, type, options, roleIds }, { onError: fail, onSuccess: () => (setText(''), setChoices(''), setRoleIds([])) });
  };
  return (
    <section className="recruitment-card" aria-labelledby="manage-questions">
      <h2 id="manage-questions">Manage Questions</h2>
      <SortableList
        label="Questions"
        items={questions.data ?? []}
        nameOf={(q) => `question ${q.text}`}
        onReorder={(ids) => reorder.mutate(ids, { onError: fail })}
        renderItem={(q) => <QuestionRow key={JSON.stringify(q)} question={q} roles={roles.data ?? []} />}
      />
      <form className="recruitment-question-form" onSubmit={onSubmit}>
        <TextField label="New question" required maxLength={500} value={text} onChange={(e) => setText(e.target.value)} />
        <SelectField
          label="Type"
          value={type}
          onChange={(e) => setType(QuestionType.parse(e.target.value))}
          options={QUESTION_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
        />
        {type === 'multiple-choice' && (
          <TextField
            label="Choices (comma-separated)"
            placeholder="e.g. Under 5, 5 to 10, More than 10"
            value={choices}
            onChange={(e) => setChoices(e.target.value)}
          />
        )}
        <RoleScopeField roles={roles.data ?? []} value={roleIds} onChange={setRoleIds} />
        <Button type="submit" size="sm" disabled={create.isPending}>
          Add Question
        </Button>
      </form>
    </section>
  );
}

import { type FormEvent, type ReactNode, useState } from 'react';
import type { UpdateSettingRequest } from '@guildhall/contracts/recruitment';
import { useSingleFlight } from '@/lib/use-single-flight';
import { Button } from '@/ui/button';
import { SelectField, TextField } from '@/ui/field';
import { Spinner } from '@/ui/spinner';
import { useToast } from '@/ui/toast';
import { useCreateCriterion } from '../api/create-criterion';
import { useCriteria } from '../api/get-criteria';
import { useRoles } from '../api/get-roles';
import { useSettings } from '../api/get-settings';
import { useSendDigest } from '../api/send-digest';
import { useUpdateSetting } from '../api/update-setting';
import { updateFailureText } from '../lib/messages';
import { type SettingDraft, useSettingDraft } from '../lib/use-setting-draft';
import { DeleteCriterionButton } from './delete-criterion-button';
import { SavedElsewhereNote } from './saved-elsewhere-note';

/**
 * Issue 13 items 1, 2, 6, beside 000's settings: blind review (and hiding applicants until one has
 * reviewed), the reapply cooldown, how many days an application may wait in a stage, and each
 * role's review criteria.
 */
export function ReviewCycleSettings() {
  return (
    <>
      <ReviewSettings />
      <ReviewCriteria />
    </>
  );
}

function ReviewSettings() {
  const settings = useSettings();
  const update = useUpdateSetting();
  const digest = useSendDigest();
  // A double click lands before the button is drawn busy: one digest to the team, not two.
  const sendOnce = useSingleFlight(digest);
  const toast = useToast();
  const cooldown = useSettingDraft(settings.data?.reapplyCooldownDays ?? '');
  const wait = useSettingDraft(settings.data?.stageWaitDays ?? '');

  if (settings.isPending) return <Spinner label="Loading settings" />;
  if (settings.isError) return <p>{settings.error.message}</p>;
  const s = settings.data;
  const save = (body: UpdateSettingRequest, done: string, onSaved?: () => void) =>
    update.mutate(body, {
      onError: (error) => toast({ title: updateFailureText(error), tone: 'danger' }),
      onSuccess: () => (onSaved?.(), toast({ title: done, tone: 'success' })),
    });
  const saveDays = (event: FormEvent, key: 'reapplyCooldownDays' | 'stageWaitDays', draft: SettingDraft) => {
    event.preventDefault();
    const value = draft.value.trim();
    // The field takes the trimmed number first, so the optimistic saved value matches it (no note flashes).
    draft.change(value);
    save({ key, value }, value ? `Saved: ${value} days.` : 'Saved: none.', draft.discard);
  };
  // Issue 13 item 6: the daily digest, now (after setting the reminder, or to nudge the team today).
  const sendDigestNow = () =>
    sendOnce(undefined, {
      onError: (error) => toast({ title: updateFailureText(error), tone: 'danger' }),
      onSuccess: ({ waiting, sent }) =>
        toast(
          waiting === 0
            ? { title: 'Nothing is waiting, so no digest was sent.', tone: 'neutral' }
            : sent
              ? { title: `Digest sent: ${waiting === 1 ? '1 waiting application' : `${waiting} waiting applications`}.`, tone: 'success' }
              : { title: 'The digest could not be queued. Please try again.', tone: 'danger' },
        ),
    });

  return (
    <section className="recruitment-card" aria-labelledby="review-settings">
      <h2 id="review-settings">Reviews and Reminders</h2>
      <label className="recruitment-check">
        <input
          type="checkbox"
          checked={s.blindReview === 'true'}
          onChange={(e) => save({ key: 'blindReview', value: e.target.checked ? 'true' : 'false' }, 'Blind review updated.')}
        />{' '}
        Blind review: a reviewer sees other reviews only after submitting their own
      </label>
      <label className="recruitment-check">
        <input
          type="checkbox"
          checked={s.blindHideApplicant === 'true'}
          disabled={s.blindReview !== 'true'}
          onChange={(e) => save({ key: 'blindHideApplicant', value: e.target.checked ? 'true' : 'false' }, 'Blind review updated.')}
        />{' '}
        Also hide applicant names and avatars until then
      </label>
      <DaysForm
        label="Reapply cooldown (days)"
        hint="After a Declined or withdrawn application. Empty: may apply again at once."
        draft={cooldown}
        onSubmit={(e) => saveDays(e, 'reapplyCooldownDays', cooldown)}
        saveLabel="Save Cooldown"
      />
      <DaysForm
        label="Days in a stage before an application is waiting"
        hint="Waiting applications are marked and listed in a daily digest on the webhook. Empty: never."
        draft={wait}
        onSubmit={(e) => saveDays(e, 'stageWaitDays', wait)}
        saveLabel="Save Reminder"
      >
        <Button type="button" size="sm" variant="ghost" disabled={digest.isPending} onClick={sendDigestNow}>
          Send Digest Now
        </Button>
      </DaysForm>
    </section>
  );
}

/**
 * One number-of-days setting (issue 13 items 2, 6): its field and save button, then any further
 * buttons, and the note when another admin saved a different number while this one was typing.
 */
function DaysForm({
  label,
  hint,
  draft,
  onSubmit,
  saveLabel,
  children,
}: {
  label: string;
  hint: string;
  draft: SettingDraft;
  onSubmit: (event: FormEvent) => void;
  saveLabel: string;
  children?: ReactNode;
}) {
  return (
    <form className="recruitment-inline-form recruitment-days" onSubmit={onSubmit}>
      <TextField
        label={label}
        hint={hint}
        inputMode="numeric"
        pattern="[0-9]*"
        value={draft.value}
        onChange={(e) => draft.change(e.target.value)}
      />
      <Button type="submit" size="sm" variant="secondary">
        {saveLabel}
      </Button>
      {children}
      <SavedElsewhereNote draft={draft} what="number of days" loadLabel="Load theirs" />
    </form>
  );
}

function ReviewCriteria() {
  const roles = useRoles();
  const criteria = useCriteria();
  const create = useCreateCriterion();
  // As Add Stage / Role / Question: a double click adds one criterion, not two of one name.
  const createOnce = useSingleFlight(create);
  const toast = useToast();
  const [roleId, setRoleId] = useState('');
  const [name, setName] = useState('');
  const fail = (error: unknown) => toast({ title: updateFailureText(error), tone: 'danger' });

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    createOnce({ roleId, name }, { onError: fail, onSuccess: () => setName('') });
  };

  return (
    <section className="recruitment-card" aria-labelledby="review-criteria">
      <h2 id="review-criteria">Review Criteria</h2>
      <p className="recruitment-muted">Each reviewer scores an application 1-5 on every criterion of its role.</p>
      {(roles.data ?? []).map((role) => {
        const own = (criteria.data ?? []).filter((c) => c.roleId === role.id);
        return (
          <div key={role.id} className="recruitment-criteria">
            <h3>{role.name}</h3>
            {own.length === 0 ? (
              <p className="recruitment-muted">No criteria: reviews of this role are a vote and a comment.</p>
            ) : (
              <ul className="recruitment-criteria__list">
                {own.map((c) => (
                  <li key={c.id}>
                    <span>{c.name}</span>
                    <DeleteCriterionButton id={c.id} name={c.name} roleName={role.name} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
      <form className="recruitment-inline-form" onSubmit={onAdd}>
        <SelectField
          label="Role"
          required
          value={roleId}
          onChange={(e) => setRoleId(e.target.value)}
          options={[
            { value: '', label: 'Choose...', disabled: true },
            ...(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name })),
          ]}
        />
        <TextField label="New criterion" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
        <Button type="submit" size="sm" disabled={create.isPending}>
          Add Criterion
        </Button>
      </form>
    </section>
  );
}

import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import type { UpdateSettingRequest } from '@guildhall/contracts/recruitment';
import { useSingleFlight } from '@/lib/use-single-flight';
import { Button } from '@/ui/button';
import { SelectField, TextField } from '@/ui/field';
import { Spinner } from '@/ui/spinner';
import { useToast } from '@/ui/toast';
import { useCreateCriterion } from '../api/create-criterion';
import { useDeleteCriterion } from '../api/delete-criterion';
import { useCriteria } from '../api/get-criteria';
import { useRoles } from '../api/get-roles';
import { useSettings } from '../api/get-settings';
import { useSendDigest } from '../api/send-digest';
import { useUpdateSetting } from '../api/update-setting';
import { updateFailureText } from '../lib/messages';

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
  const [cooldown, setCooldown] = useState('');
  const [wait, setWait] = useState('');
  useEffect(() => {
    if (!settings.data) return;
    setCooldown(settings.data.reapplyCooldownDays);
    setWait(settings.data.stageWaitDays);
  }, [settings.data?.reapplyCooldownDays, settings.data?.stageWaitDays]); // eslint-disable-line react-hooks/exhaustive-deps -- only when the saved values change

  if (settings.isPending) return <Spinner label="Loading settings" />;
  if (settings.isError) return <p>{settings.error.message}</p>;
  const s = settings.data;
  const save = (body: UpdateSettingRequest, done: string) =>
    update.mutate(body, {
      onError: (error) => toast({ title: updateFailureText(error), tone: 'danger' }),
      onSuccess: () => toast({ title: done, tone: 'success' }),
    });
  const saveDays = (event: FormEvent, key: 'reapplyCooldownDays' | 'stageWaitDays', value: string) => {
    event.preventDefault();
    save({ key, value: value.trim() }, value.trim() ? `Saved: ${value.trim()} days.` : 'Saved: none.');
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
        value={cooldown}
        onChange={setCooldown}
        onSubmit={(e) => saveDays(e, 'reapplyCooldownDays', cooldown)}
        saveLabel="Save Cooldown"
      />
      <DaysForm
        label="Days in a stage before an application is waiting"
        hint="Waiting applications are marked and listed in a daily digest on the webhook. Empty: never."
        value={wait}
        onChange={setWait}
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

/** One number-of-days setting (issue 13 items 2, 6): its field and save button, then any further buttons. */
function DaysForm({
  label,
  hint,
  value,
  onChange,
  onSubmit,
  saveLabel,
  children,
}: {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (event: FormEvent) => void;
  saveLabel: string;
  children?: ReactNode;
}) {
  return (
    <form className="recruitment-inline-form recruitment-days" onSubmit={onSubmit}>
      <TextField label={label} hint={hint} inputMode="numeric" pattern="[0-9]*" value={value} onChange={(e) => onChange(e.target.value)} />
      <Button type="submit" size="sm" variant="secondary">
        {saveLabel}
      </Button>
      {children}
    </form>
  );
}

function ReviewCriteria() {
  const roles = useRoles();
  const criteria = useCriteria();
  const create = useCreateCriterion();
  // As Add Stage / Role / Question: a double click adds one criterion, not two of one name.
  const createOnce = useSingleFlight(create);
  const remove = useDeleteCriterion();
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
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Delete criterion ${c.name} of ${role.name}`}
                      onClick={() => remove.mutate(c.id, { onError: fail })}
                    >
                      Delete
                    </Button>
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

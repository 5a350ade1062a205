import { type FormEvent, useCallback, useRef, useState } from 'react';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import {
  type ApplicationStatusAnswer,
  type Draft,
  LIMITS,
  type SessionUser,
  UPLOAD_PATH_PATTERN,
  parseOptions,
  questionAppliesTo,
  uploadFileName,
} from '@guildhall/contracts/recruitment';
import { ApiError } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { Page } from '@/ui/page';
import { SelectField, TextAreaField } from '@/ui/field';
import { Spinner } from '@/ui/spinner';
import { useToast } from '@/ui/toast';
import { useQuestions } from '../api/get-questions';
import { useRoles } from '../api/get-roles';
import { recruitmentKeys } from '../api/keys';
import { useSubmitApplication } from '../api/submit-application';
import { MESSAGES, submitFailureText } from '../lib/messages';
import { FileQuestion } from './file-question';
import { useEditApplication } from '../api/edit-application';
import { discardEditDraft } from '../api/discard-edit-draft';
import { useFormDraft } from '../lib/use-form-draft';

const logOptionsFailure = (message: string) => console.error(message);
/** NUL: invisible in the textarea, so the applicant could never find it, and the server refuses it in text (PostgreSQL cannot keep it). */
const withoutNul = (text: string) => text.replaceAll('\u0000', '');

/**
 * What the page reads again when a submit or an edit is refused because something changed since it
 * was loaded, so it shows what is true now rather than a form that can only be refused again:
 * - 000 §4, the status view takes precedence over the form: a tab left open after applying elsewhere
 *   switches to it, as a reload would; so does an edit a reviewer has overtaken (issue 13 item 2);
 * - 000 §2, 'Applications Closed' when there is no application and applications are not open: the
 *   cycle closed while the form was being filled in;
 * - 000 §2, each configured question and the roles: an admin changed them meanwhile (the server
 *   checks every answer against the current ones, check-answers.ts).
 */
const REREAD_ON_REFUSAL: Partial<Record<string, QueryKey[]>> = {
  'recruitment.already_applied': [recruitmentKeys.status],
  'recruitment.not_editable': [recruitmentKeys.status],
  'recruitment.no_open_application': [recruitmentKeys.status],
  'recruitment.applications_closed': [recruitmentKeys.publicSettings, recruitmentKeys.status],
  invalid_input: [recruitmentKeys.questions, recruitmentKeys.roles],
};

/**
 * 000 §2 'Submit Your Application': who is applying, the role ('Choose...'), each question by its
 * type (000 §5: all required), and 'Submit Application'. Success reloads the page (000 §4), which
 * then shows the status view; a failure shows 'Error: {server text}' (000 §8).
 */
export function ApplicationForm({
  user,
  edit,
  onDone,
}: {
  user: SessionUser;
  /** Issue 13 item 2: the application being edited (its role and answers); absent for a new one. */
  edit?: NonNullable<ApplicationStatusAnswer['own']>;
  /** Issue 13 item 2: back to the status view (after an edit, or on Cancel). */
  onDone?: () => void;
}) {
  const roles = useRoles();
  const questions = useQuestions();
  const submit = useSubmitApplication();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [role, setRole] = useState(edit?.jobSelection ?? '');
  const [answers, setAnswers] = useState<Record<string, string>>(edit?.answers ?? {});
  const editApplication = useEditApplication();
  // 000 §4: one application per user. Set in the click itself, before React renders the button off, so a
  // double click sends one request; it stays set after a submission until the reload (000 §4).
  const sending = useRef(false);
  // Issue 13 item 2: a new application's form is saved on the server as a draft, and restored;
  // decision 0028: so is an edit's, which keeps the files uploaded in it. A restored edit starts from
  // the application: a file answer the draft lacks (its replacement was still uploading) keeps the file.
  const restore = useCallback(
    (draft: Draft) => {
      setRole(draft.jobSelection);
      setAnswers({ ...edit?.answers, ...draft.answers });
    },
    [edit?.answers],
  );
  const draft = useFormDraft(edit ? 'edit' : 'new', role, answers, restore);
  const setAnswer = (id: number, value: string | null) =>
    setAnswers((current) => {
      const next = { ...current };
      if (value === null) delete next[id];
      else next[id] = value;
      return next;
    });

  if (roles.isPending || questions.isPending || !draft.ready) return <Spinner label="Loading Application..." showLabel size="lg" />;
  // Issue 13 item 3: the questions of the chosen role (before a role is chosen, those asked for every role).
  const shown = (questions.data ?? []).filter((q) => questionAppliesTo(q, role ? Number(role) : null));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // 000 §5: a file question is required until its upload has completed. The browser cannot hold
    // the form back itself while the input is disabled (000 §4 'uploading'): disabled inputs are
    // never validated. Idle file inputs are still `required`, so a missing file here is one in flight.
    if (shown.some((q) => q.type === 'file' && !answers[q.id])) {
      toast({ title: MESSAGES.uploadInProgress, tone: 'warning' });
      return;
    }
    if (sending.current) return;
    sending.current = true;
    const saved = draft.cancelSave();
    try {
      // Only the answers to the chosen role's questions (an answer typed before switching roles stays behind).
      const sent = Object.fromEntries(shown.filter((q) => answers[q.id] !== undefined).map((q) => [q.id, answers[q.id]!]));
      if (edit) {
        await saved;
        await editApplication.mutateAsync({ jobSelection: role, answers: sent });
        toast({ title: 'Your application was updated.', tone: 'success' });
        sending.current = false;
        onDone?.();
        return;
      }
      await submit.mutateAsync({ jobSelection: role, answers: sent });
      window.location.reload();
    } catch (error) {
      sending.current = false;
      toast({ title: submitFailureText(error), tone: 'danger' });
      // A refusal that says the page is out of date reads again what it names (the 000 §8 error text is still shown).
      for (const queryKey of error instanceof ApiError && error.code ? (REREAD_ON_REFUSAL[error.code] ?? []) : [])
        void queryClient.invalidateQueries({ queryKey });
    }
  };

  // Decision 0028: Cancel drops the edit's draft, so the files uploaded in it are left to the clean-up.
  const cancel = async () => {
    await draft.cancelSave();
    await discardEditDraft().catch(() => undefined);
    onDone?.();
  };

  return (
    <Page title={edit ? 'Edit Your Application' : 'Submit Your Application'} width="narrow">
      <form className="recruitment-card recruitment-form" onSubmit={(e) => void onSubmit(e)}>
        <p className="recruitment-form__who">
          Applying as <strong>{user.username}</strong>{' '}
          <span className="recruitment-verified">
            <span aria-hidden="true">✔</span> Verified User
          </span>
        </p>
        <SelectField
          label="Role"
          required
          value={role}
          onChange={(e) => setRole(e.target.value)}
          options={[
            { value: '', label: 'Choose...', disabled: true },
            ...(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name })),
          ]}
        />
        {shown.map((q) => {
          if (q.type === 'file') {
            // A file uploaded earlier (a restored draft, the application being edited, or this visit before
            // the question was switched away with the role) starts done, named as its URL names it.
            const url = answers[q.id];
            const initial = url && UPLOAD_PATH_PATTERN.test(url) ? { url, name: uploadFileName(url) } : undefined;
            return <FileQuestion key={q.id} label={q.text} initial={initial} onUploaded={(url) => setAnswer(q.id, url)} />;
          }
          if (q.type === 'multiple-choice') {
            const options = parseOptions(q.options, logOptionsFailure);
            return (
              <SelectField
                key={q.id}
                label={q.text}
                required
                value={answers[q.id] ?? ''}
                onChange={(e) => setAnswer(q.id, e.target.value)}
                options={[{ value: '', label: 'Choose...', disabled: true }, ...options.map((o) => ({ value: o, label: o }))]}
              />
            );
          }
          return (
            <TextAreaField
              key={q.id}
              label={q.text}
              required
              maxLength={LIMITS.answer}
              value={answers[q.id] ?? ''}
              onChange={(e) => setAnswer(q.id, withoutNul(e.target.value))}
            />
          );
        })}
        <Button type="submit" block disabled={edit ? editApplication.isPending : submit.isPending}>
          {edit ? (editApplication.isPending ? 'Saving...' : 'Save Changes') : submit.isPending ? 'Submitting...' : 'Submit Application'}
        </Button>
        {edit && (
          <Button variant="secondary" block onClick={() => void cancel()}>
            Cancel
          </Button>
        )}
        {draft.savedAt && (
          <p className="recruitment-muted" role="status">
            {edit
              ? `Your changes were kept as a draft at ${draft.savedAt.toLocaleTimeString('en-GB')}. Save Changes to apply them.`
              : `Draft saved at ${draft.savedAt.toLocaleTimeString('en-GB')}.`}
          </p>
        )}
      </form>
    </Page>
  );
}

import { type FormEvent, useState } from 'react';
import { type SessionUser, parseOptions } from '@guildhall/contracts/recruitment';
import { Button } from '@/ui/button';
import { Page } from '@/ui/page';
import { SelectField, TextAreaField } from '@/ui/field';
import { Spinner } from '@/ui/spinner';
import { useToast } from '@/ui/toast';
import { useQuestions } from '../api/get-questions';
import { useRoles } from '../api/get-roles';
import { useSubmitApplication } from '../api/submit-application';
import { MESSAGES, submitFailureText } from '../lib/messages';
import { FileQuestion } from './file-question';

const logOptionsFailure = (message: string) => console.error(message);

/**
 * 000 §2 'Submit Your Application': who is applying, the role ('Choose...'), each question by its
 * type (000 §5: all required), and 'Submit Application'. Success reloads the page (000 §4), which
 * then shows the status view; a failure shows 'Error: {server text}' (000 §8).
 */
export function ApplicationForm({ user }: { user: SessionUser }) {
  const roles = useRoles();
  const questions = useQuestions();
  const submit = useSubmitApplication();
  const toast = useToast();
  const [role, setRole] = useState('');
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const setAnswer = (id: number, value: string | null) =>
    setAnswers((current) => {
      const next = { ...current };
      if (value === null) delete next[id];
      else next[id] = value;
      return next;
    });

  if (roles.isPending || questions.isPending) return <Spinner label="Loading Application..." showLabel size="lg" />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // 000 §5: a file question is required until its upload has completed. The browser cannot hold
    // the form back itself while the input is disabled (000 §4 'uploading'): disabled inputs are
    // never validated. Idle file inputs are still `required`, so a missing file here is one in flight.
    if ((questions.data ?? []).some((q) => q.type === 'file' && !answers[q.id])) {
      toast({ title: MESSAGES.uploadInProgress, tone: 'warning' });
      return;
    }
    try {
      await submit.mutateAsync({ jobSelection: role, answers });
      window.location.reload();
    } catch (error) {
      toast({ title: submitFailureText(error), tone: 'danger' });
    }
  };

  return (
    <Page title="Submit Your Application" width="narrow">
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
        {(questions.data ?? []).map((q) => {
          if (q.type === 'file') return <FileQuestion key={q.id} label={q.text} onUploaded={(url) => setAnswer(q.id, url)} />;
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
              maxLength={5000}
              value={answers[q.id] ?? ''}
              onChange={(e) => setAnswer(q.id, e.target.value)}
            />
          );
        })}
        <Button type="submit" block disabled={submit.isPending}>
          {submit.isPending ? 'Submitting...' : 'Submit Application'}
        </Button>
      </form>
    </Page>
  );
}

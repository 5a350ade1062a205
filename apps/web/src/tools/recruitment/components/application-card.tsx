import { useState } from 'react';
import { type AdminApplication, type Question, type Stage, isDecided, statusForStageName } from '@guildhall/contracts/recruitment';
import { Button } from '@/ui/button';
import { Tag } from '@/ui/tag';
import { useToast } from '@/ui/toast';
import { useAddNote } from '../api/add-note';
import { useUpdateApplication } from '../api/update-application';
import { formatTimestamp, isUrlAnswer, textColorOn } from '../lib/format';
import { updateFailureText } from '../lib/messages';
import { auditText } from '../lib/audit-text';
import { ApplicationFlags } from './application-flags';
import { ReviewPanel } from './review-panel';
import { ApplicantAvatar } from './applicant-avatar';

const statusTone = { Pending: 'warning', Accepted: 'success', Declined: 'danger' } as const;

function parseAnswers(text: string): Array<[string, string]> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? Object.entries(value as Record<string, string>) : [];
  } catch {
    return [];
  }
}

/**
 * 000 §2 one application card: avatar, username and job; answers labelled by question text (a URL
 * is a 'View Uploaded File' link); the current stage; 'Change Stage...'; feedback, read-only with no
 * 'Save Feedback' once Accepted or Declined (000 §4). Beyond 000: the audit trail and private notes.
 */
export function ApplicationCard({
  application,
  stages,
  questions,
}: {
  application: AdminApplication;
  stages: Stage[];
  questions: Question[];
}) {
  const update = useUpdateApplication();
  const addNote = useAddNote();
  const toast = useToast();
  const [feedback, setFeedback] = useState(application.feedback ?? '');
  // Decision 0058: the feedback this card last read or saved, sent beside it so the server keeps a
  // text another admin saved meanwhile rather than this card's stale copy (000 §7 sends it with every
  // stage change). Kept here, not read from `application`, which is stale until the list is read again.
  const [seenFeedback, setSeenFeedback] = useState(application.feedback);
  // The same for the stage: a move names the stage this card showed (decision 0058).
  const [seenStageId, setSeenStageId] = useState(application.stageId);
  // A change made elsewhere (a colleague, a bulk move, the board) arrives with the list read again: it
  // is what this card has now seen, and its feedback shows unless the admin is typing over it, so a
  // 409 keeps their text and the next Save replaces the colleague's knowingly.
  const [shownUpdate, setShownUpdate] = useState(application.statusLastUpdatedAt);
  if (application.statusLastUpdatedAt !== shownUpdate) {
    setShownUpdate(application.statusLastUpdatedAt);
    if (feedback === (seenFeedback ?? '')) setFeedback(application.feedback ?? '');
    setSeenFeedback(application.feedback);
    setSeenStageId(application.stageId);
  }
  const [note, setNote] = useState('');
  const decided = isDecided(application.status);
  // Decision 0058 (amended): an applicant who withdrew is sent no feedback (the server answers 409), so
  // the card shows what was saved before, read-only, and says why instead of offering a save that fails.
  const withdrawn = application.withdrawnAt !== null;
  const labelOf = (id: string) => application.questionLabels[id] ?? questions.find((q) => String(q.id) === id)?.text ?? `Question ${id}`;
  const stageColor = application.stageColor ?? '#6c757d';
  const headingId = `application-${application.id}`;

  const send = async (body: Parameters<typeof update.mutateAsync>[0]['body'], success: string) => {
    try {
      const answer = await update.mutateAsync({
        id: application.id,
        body: { ...body, expectedFeedback: seenFeedback, ...(body.stageId != null ? { expectedStageId: seenStageId } : {}) },
      });
      setFeedback(answer.feedback ?? '');
      setSeenFeedback(answer.feedback);
      setSeenStageId(answer.stageId);
      toast({ title: success, tone: 'success' });
    } catch (error) {
      toast({ title: updateFailureText(error), tone: 'danger' });
    }
  };

  const changeStage = (value: string) => {
    const stage = stages.find((s) => String(s.id) === value);
    if (!stage) return;
    // 000 §7 {status, feedback, stageId}; the server derives the status from the stage again (000 §4).
    void send(
      { status: statusForStageName(stage.name), feedback: decided ? application.feedback : feedback || null, stageId: stage.id },
      `Stage changed to ${stage.name}.`,
    );
  };

  const saveNote = async () => {
    try {
      await addNote.mutateAsync({ id: application.id, body: note });
      setNote('');
    } catch (error) {
      toast({ title: updateFailureText(error), tone: 'danger' });
    }
  };

  return (
    <article className="recruitment-card recruitment-application" aria-labelledby={headingId} data-application-id={application.id}>
      <header className="recruitment-application__header">
        <ApplicantAvatar applicationId={application.id} username={application.username} hasAvatar={application.avatar !== null} />
        <div>
          <h3 id={headingId} className="recruitment-application__name">
            {application.username}
          </h3>
          <p className="recruitment-muted">
            {application.job} · submitted {formatTimestamp(application.submittedAt)}
          </p>
        </div>
        <Tag tone={statusTone[application.status]}>{application.status}</Tag>
      </header>
      <ApplicationFlags application={application} />

      <dl className="recruitment-answers">
        {parseAnswers(application.answers).map(([id, answer]) => (
          <div key={id}>
            <dt>{labelOf(id)}</dt>
            <dd>
              {isUrlAnswer(answer) ? (
                <a href={answer} target="_blank" rel="noreferrer">
                  View Uploaded File
                </a>
              ) : (
                answer
              )}
            </dd>
          </div>
        ))}
      </dl>

      <div className="recruitment-application__stage">
        <span>Current stage: </span>
        <span className="recruitment-stage-chip" style={{ background: stageColor, color: textColorOn(stageColor) }}>
          {application.stageName ?? 'Processing...'}
        </span>
        <label className="visually-hidden" htmlFor={`${headingId}-stage`}>
          Change stage of {application.username}
        </label>
        <select
          id={`${headingId}-stage`}
          className="ui-field__control ui-field__control--select recruitment-application__select"
          value=""
          // Decision 0028: a withdrawn application is no longer moved (the server answers 409), as on the
          // board; the list's card offered every stage and failed on each one.
          disabled={update.isPending || withdrawn}
          onChange={(e) => changeStage(e.target.value)}
        >
          <option value="" disabled>
            Change Stage...
          </option>
          {stages.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </div>

      <div className="ui-field">
        <label className="ui-field__label" htmlFor={`${headingId}-feedback`}>
          Feedback{decided ? ' (locked: the application is decided)' : withdrawn ? ' (locked: the applicant withdrew)' : ''}
        </label>
        <textarea
          id={`${headingId}-feedback`}
          className="ui-field__control ui-field__control--textarea"
          placeholder={withdrawn ? 'No feedback was saved.' : 'Provide feedback...'}
          value={withdrawn ? (application.feedback ?? '') : feedback}
          readOnly={decided || withdrawn}
          aria-describedby={withdrawn ? `${headingId}-withdrawn` : undefined}
          maxLength={5000}
          onChange={(e) => setFeedback(e.target.value)}
        />
        {withdrawn && (
          <p id={`${headingId}-withdrawn`} className="ui-field__hint">
            The applicant withdrew this application on {formatTimestamp(application.withdrawnAt!)}, so it can no longer be moved or given
            feedback.
          </p>
        )}
      </div>
      {!decided && !withdrawn && (
        <Button size="sm" disabled={update.isPending} onClick={() => void send({ feedback: feedback || null }, 'Feedback saved.')}>
          Save Feedback
        </Button>
      )}

      <ReviewPanel application={application} />

      <details className="recruitment-application__more">
        <summary>History ({application.audit.length})</summary>
        {application.audit.length === 0 ? (
          <p className="recruitment-muted">No changes yet.</p>
        ) : (
          <ol className="recruitment-audit">
            {application.audit.map((entry) => (
              <li key={entry.id}>
                <time dateTime={entry.at}>{formatTimestamp(entry.at)}</time> · <strong>{entry.actorName}</strong> {auditText(entry)}
              </li>
            ))}
          </ol>
        )}
      </details>

      <details className="recruitment-application__more">
        <summary>Staff notes ({application.notes.length}) · never shown to the applicant</summary>
        <ul className="recruitment-notes">
          {application.notes.map((n) => (
            <li key={n.id}>
              <p>{n.body}</p>
              <p className="recruitment-muted">
                {n.authorName} · {formatTimestamp(n.at)}
              </p>
            </li>
          ))}
        </ul>
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={`${headingId}-note`}>
            Add a private note
          </label>
          <textarea
            id={`${headingId}-note`}
            className="ui-field__control ui-field__control--textarea"
            value={note}
            maxLength={5000}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
        <Button size="sm" variant="secondary" disabled={!note.trim() || addNote.isPending} onClick={() => void saveNote()}>
          Add Note
        </Button>
      </details>
    </article>
  );
}

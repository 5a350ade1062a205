import { useState } from 'react';
import { type AmendCaseRequest, CASE_TYPES, type CaseAnswer, type CaseType, caseTypeExpires } from '@guildhall/contracts/bureau';
import { ApiError, UNKNOWN_ERROR } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { DetailList } from '@/ui/detail-list';
import { SelectField, TextAreaField } from '@/ui/field';
import { Tag } from '@/ui/tag';
import { useAddCaseNote } from '../api/add-case-note';
import { useAmendCase } from '../api/amend-case';
import { useExpireCase } from '../api/expire-case';
import { formatWhen } from '../lib/case-view';

/** Issue 14 item 2: each case with its state and the staff's actions (amend, expire, hide, note). */
export function CaseList({ cases, labels }: { cases: readonly CaseAnswer[]; labels: Record<CaseType, string> }) {
  if (cases.length === 0) return <p className="cases__empty">No cases on record.</p>;
  return (
    <ol className="cases__list">
      {[...cases].reverse().map((c) => (
        <li key={c.case.number}>
          <CaseCard item={c} labels={labels} />
        </li>
      ))}
    </ol>
  );
}

function CaseCard({ item, labels }: { item: CaseAnswer; labels: Record<CaseType, string> }) {
  const amend = useAmendCase();
  const expire = useExpireCase();
  const addNote = useAddCaseNote();
  const [editing, setEditing] = useState(false);
  const [noting, setNoting] = useState(false);
  const [reason, setReason] = useState('');
  const [type, setType] = useState<CaseType>(item.case.type);
  // What the amend form opened with: only fields changed from it are sent, so a colleague's change
  // made meanwhile (shown live) is not put back by fields left as they were.
  const [base, setBase] = useState<{ reason: string; type: CaseType }>({ reason: '', type: item.case.type });
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const number = item.case.number;
  const fail = (failure: unknown) => setError(failure instanceof ApiError ? failure.message : UNKNOWN_ERROR);
  /** A mutation's callbacks: the last failure's sentence goes as the next action starts (it stayed after a success). */
  const settle = (onSuccess?: () => void) => {
    setError(null);
    return { onSuccess, onError: fail };
  };
  const busy = amend.isPending || expire.isPending || addNote.isPending;

  return (
    <article
      className="ui-panel case-card"
      aria-label={`Case No. ${number}`}
      data-expired={item.case.expired}
      data-hidden={item.case.hidden}
    >
      <header className="case-card__head">
        <h3>
          Case No. {number} · {item.case.typeLabel}
        </h3>
        <div className="case-card__tags">
          <Tag tone="neutral">{item.platform}</Tag>
          {item.case.expired ? (
            <Tag tone="warning">Expired</Tag>
          ) : item.case.expiresAt !== null ? (
            <Tag tone="neutral">Expires {formatWhen(item.case.expiresAt)}</Tag>
          ) : null}
          {item.case.hidden && <Tag tone="danger">Hidden</Tag>}
        </div>
      </header>
      <DetailList
        items={[
          { label: 'Account', value: <span className="records__id">{item.subjectId}</span> },
          { label: 'Date', value: item.date ? formatWhen(Date.parse(item.date)) : 'Unknown' },
          { label: 'Moderator', value: item.moderator ?? 'Unknown' },
          { label: 'Reason', value: item.reason ?? 'N/A' },
          { label: 'Note', value: item.note ?? 'N/A' },
        ]}
      />
      {item.case.notes.length > 0 && (
        <ul className="case-card__notes" aria-label={`Notes on case No. ${number}`}>
          {item.case.notes.map((n) => (
            <li key={n.id}>
              <span className="case-card__note-meta">
                {n.author.name ?? n.author.id} · {formatWhen(n.at)}
              </span>{' '}
              {n.body}
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <form
          className="case-card__form"
          aria-label={`Amend case No. ${number}`}
          onSubmit={(e) => {
            e.preventDefault();
            const changes: AmendCaseRequest = {};
            if (type !== base.type) {
              changes.type = type;
              // A type that does not expire (a kick, say) ends the expiry the case had.
              if (!caseTypeExpires(type) && item.case.expiresAt !== null) changes.expiresAt = null;
            }
            if (reason.trim() !== base.reason.trim()) changes.reason = reason.trim() || null;
            if (Object.keys(changes).length === 0) setEditing(false);
            else
              amend.mutate(
                { number, changes },
                settle(() => setEditing(false)),
              );
          }}
        >
          <SelectField
            label="Type"
            value={type}
            onChange={(e) => setType(e.target.value as CaseType)}
            options={CASE_TYPES.map((t) => ({ value: t, label: labels[t] }))}
          />
          <TextAreaField label="Reason" value={reason} maxLength={1000} rows={2} onChange={(e) => setReason(e.target.value)} />
          <div className="case-card__actions">
            <Button type="submit" size="sm" disabled={busy}>
              Save amendment
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
      {noting && (
        <form
          className="case-card__form"
          aria-label={`Add a note to case No. ${number}`}
          onSubmit={(e) => {
            e.preventDefault();
            addNote.mutate(
              { number, body: note },
              settle(() => {
                setNote('');
                setNoting(false);
              }),
            );
          }}
        >
          <TextAreaField label="Note" value={note} maxLength={2000} rows={2} onChange={(e) => setNote(e.target.value)} />
          <div className="case-card__actions">
            <Button type="submit" size="sm" disabled={busy}>
              Add note
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setNoting(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
      {error && (
        <p role="alert" className="case-form__error">
          {error}
        </p>
      )}
      {!editing && !noting && (
        <div className="case-card__actions">
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            onClick={() => {
              // The form starts from the case as shown now (it kept the text of when the card first drew).
              const now = { reason: item.reason ?? '', type: item.case.type };
              setBase(now);
              setReason(now.reason);
              setType(now.type);
              setEditing(true);
            }}
          >
            Amend
          </Button>
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => setNoting(true)}>
            Add note
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            onClick={() => amend.mutate({ number, changes: { hidden: !item.case.hidden } }, settle())}
          >
            {item.case.hidden ? 'Show on checker' : 'Hide from checker'}
          </Button>
          {!item.case.expired && (
            <Button size="sm" variant="secondary" disabled={busy} onClick={() => expire.mutate(number, settle())}>
              Expire now
            </Button>
          )}
        </div>
      )}
    </article>
  );
}

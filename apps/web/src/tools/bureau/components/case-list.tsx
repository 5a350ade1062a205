import { useRef, useState } from 'react';
import { showStoredLines, showStoredText } from '@guildhall/contracts/stored-text';
import { type AmendCaseRequest, CASE_TYPES, type CaseAnswer, type CaseType, caseTypeExpires } from '@guildhall/contracts/bureau';
import { ApiError, UNKNOWN_ERROR } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { DetailList } from '@/ui/detail-list';
import { SelectField, TextAreaField, TextField } from '@/ui/field';
import { Tag } from '@/ui/tag';
import { useAddCaseNote } from '../api/add-case-note';
import { useAmendCase } from '../api/amend-case';
import { useExpireCase } from '../api/expire-case';
import { formatWhen } from '../lib/case-view';
import { formatInfractionDate } from '../lib/infraction-view';
import { EXPIRY_HINT, EXPIRY_INPUT_MAX, readExpiry, toExpiryInput } from '../lib/read-expiry';

/** What the amend form shows of a case, as its fields hold it (the expiry as a datetime-local value). */
interface AmendFields {
  type: CaseType;
  moderator: string;
  reason: string;
  expires: string;
}

const fieldsOf = (item: CaseAnswer): AmendFields => ({
  type: item.case.type,
  moderator: item.moderator ?? '',
  reason: item.reason ?? '',
  expires: item.case.expiresAt === null ? '' : toExpiryInput(item.case.expiresAt),
});

/** The case as the form saw it, sent as `expected`: the server refuses (409) if it has changed since. */
const expectedOf = (item: CaseAnswer): NonNullable<AmendCaseRequest['expected']> => ({
  type: item.case.type,
  moderator: item.moderator,
  reason: item.reason,
  expiresAt: item.case.expiresAt,
});

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
  const [fields, setFields] = useState<AmendFields>(() => fieldsOf(item));
  const set = (change: Partial<AmendFields>) => setFields((current) => ({ ...current, ...change }));
  const [expiresError, setExpiresError] = useState<string | null>(null);
  const expiresField = useRef<HTMLInputElement>(null);
  // What the amend form opened with: only fields changed from it are sent, so a colleague's change to
  // another field is not put back by fields left as they were. The page is not live (focus refetch is
  // off, lib/query-client.ts): a colleague's change shows only once the case views are read again.
  const [base, setBase] = useState<AmendFields>(() => fieldsOf(item));
  // The case the form's `expected` names (issue 14 item 2, lost update): the case as opened, or after
  // a 409, the case as read again then, so the next save, made having seen the colleague's change, passes.
  const [seen, setSeen] = useState<'opened' | 'reloaded'>('opened');
  const [opened, setOpened] = useState(() => expectedOf(item));
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
          { label: 'Date', value: formatInfractionDate(item.date) },
          // Decision 0069: shown written out, as on the infraction cards; the amend form edits them as stored.
          { label: 'Moderator', value: showStoredText(item.moderator ?? 'Unknown') },
          // Decision 0069: a text of blank lines only shows as none, as a missing one does.
          { label: 'Reason', value: showStoredLines(item.reason ?? '') || 'N/A' },
          { label: 'Note', value: showStoredLines(item.note ?? '') || 'N/A' },
        ]}
      />
      {item.case.notes.length > 0 && (
        <ul className="case-card__notes" aria-label={`Notes on case No. ${number}`}>
          {item.case.notes.map((n) => (
            <li key={n.id}>
              <span className="case-card__note-meta">
                {showStoredText(n.author.name ?? n.author.id)} · {formatWhen(n.at)}
              </span>{' '}
              {showStoredLines(n.body)}
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
            const { type, moderator, reason } = fields;
            const changes: AmendCaseRequest = {};
            if (type !== base.type) changes.type = type;
            // As in the open-a-case form: a type that does not expire (a kick, say) has no expiry, so it
            // ends the one the case had; otherwise the field is read or refused with a sentence, never
            // sent as "no expiry" when it could not be read (lib/read-expiry.ts).
            const expires = caseTypeExpires(type) ? fields.expires : '';
            if (expires !== base.expires || (caseTypeExpires(type) && expiresField.current?.validity.badInput)) {
              const reading = readExpiry(expires, { badInput: expiresField.current?.validity.badInput, now: Date.now() });
              if (!reading.ok) {
                setExpiresError(reading.message);
                expiresField.current?.focus();
                return;
              }
              changes.expiresAt = reading.expiresAt;
            }
            setExpiresError(null);
            if (moderator.trim() !== base.moderator.trim()) changes.moderator = moderator.trim() || null;
            if (reason.trim() !== base.reason.trim()) changes.reason = reason.trim() || null;
            if (Object.keys(changes).length === 0) {
              setEditing(false);
              return;
            }
            changes.expected = seen === 'opened' ? opened : expectedOf(item);
            setError(null);
            amend.mutate(
              { number, changes },
              {
                onSuccess: () => setEditing(false),
                onError: (failure) => {
                  fail(failure);
                  // A colleague changed the case (the hook reads the case views again): the form keeps
                  // what was typed; saving again, after seeing their change, is a deliberate choice.
                  if (failure instanceof ApiError && failure.status === 409) setSeen('reloaded');
                },
              },
            );
          }}
          // The expiry's limits are checked on submit, so the refusal is the form's own sentence (as in new-case-form).
          noValidate
        >
          <SelectField
            label="Type"
            value={fields.type}
            onChange={(e) => set({ type: e.target.value as CaseType })}
            options={CASE_TYPES.map((t) => ({ value: t, label: labels[t] }))}
          />
          <TextField
            label="Expires (optional)"
            hint={EXPIRY_HINT}
            type="datetime-local"
            ref={expiresField}
            value={caseTypeExpires(fields.type) ? fields.expires : ''}
            disabled={!caseTypeExpires(fields.type)}
            max={EXPIRY_INPUT_MAX}
            error={caseTypeExpires(fields.type) ? expiresError : null}
            onChange={(e) => {
              set({ expires: e.target.value });
              setExpiresError(null);
            }}
          />
          <TextField label="Moderator" value={fields.moderator} maxLength={100} onChange={(e) => set({ moderator: e.target.value })} />
          <TextAreaField label="Reason" value={fields.reason} maxLength={1000} rows={2} onChange={(e) => set({ reason: e.target.value })} />
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
              const now = fieldsOf(item);
              setBase(now);
              setFields(now);
              setOpened(expectedOf(item));
              setSeen('opened');
              setExpiresError(null);
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

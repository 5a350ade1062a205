import { type FormEvent, useRef, useState } from 'react';
import { CASE_TYPES, type CaseAnswer, type CaseType, type Platform, caseTypeExpires } from '@guildhall/contracts/bureau';
import { ApiError, UNKNOWN_ERROR } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { SelectField, TextAreaField, TextField } from '@/ui/field';
import { useOpenCase } from '../api/open-case';
import { EXPIRY_HINT, EXPIRY_INPUT_MAX, readExpiry, toExpiryInput } from '../lib/read-expiry';

export interface CaseTarget {
  platform: Platform;
  subjectId: string;
}

/**
 * Issue 14 item 2: staff open a case (records tool and infraction page alike). The moderator is the
 * signed-in staff member unless named; the expiry is optional (a ban on Roblox then lifts itself).
 */
export function NewCaseForm({
  targets,
  labels,
  onOpened,
}: {
  targets: readonly CaseTarget[];
  labels: Record<CaseType, string>;
  onOpened?: (opened: CaseAnswer) => void;
}) {
  const open = useOpenCase();
  const [target, setTarget] = useState(0);
  const [type, setType] = useState<CaseType>('warn');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [moderator, setModerator] = useState('');
  const [expires, setExpires] = useState('');
  const [expiresError, setExpiresError] = useState<string | null>(null);
  const expiresField = useRef<HTMLInputElement>(null);
  const [hidden, setHidden] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setDone(null);
    const chosen = targets[target];
    if (!chosen) return;
    // A type that does not expire sends none, whatever the (disabled) field kept from another type.
    // Otherwise what was typed is read or refused here: an unreadable date must not become "no expiry"
    // (a 5-digit year once opened a temporary ban as a permanent one, lib/read-expiry.ts).
    let expiresAt: number | null = null;
    if (caseTypeExpires(type)) {
      const reading = readExpiry(expires, { badInput: expiresField.current?.validity.badInput, now: Date.now() });
      if (!reading.ok) {
        setExpiresError(reading.message);
        expiresField.current?.focus();
        return;
      }
      expiresAt = reading.expiresAt;
    }
    setExpiresError(null);
    open.mutate(
      {
        platform: chosen.platform,
        subjectId: chosen.subjectId,
        type,
        reason: reason.trim() || null,
        note: note.trim() || null,
        moderator: moderator.trim() || null,
        expiresAt,
        hidden,
      },
      {
        onSuccess: (opened) => {
          setDone(`Case No. ${opened.case.number} opened.`);
          setReason('');
          setNote('');
          setExpires('');
          setHidden(false);
          onOpened?.(opened);
        },
        onError: (failure) => setError(failure instanceof ApiError ? failure.message : UNKNOWN_ERROR),
      },
    );
  };

  return (
    // noValidate: the expiry's limits are checked in submit, so the refusal is the form's own sentence
    // (tied to the field) in every browser, rather than a browser bubble in some and nothing in others.
    <form className="ui-panel case-form" onSubmit={submit} noValidate aria-label="Open a case">
      <div className="case-form__grid">
        <SelectField
          label="Account"
          value={String(target)}
          onChange={(e) => setTarget(Number(e.target.value))}
          options={targets.map((t, i) => ({ value: String(i), label: `${t.platform} ${t.subjectId}` }))}
        />
        <SelectField
          label="Type"
          value={type}
          onChange={(e) => setType(e.target.value as CaseType)}
          options={CASE_TYPES.map((t) => ({ value: t, label: labels[t] }))}
        />
        <TextField
          label="Moderator (optional)"
          placeholder="You"
          value={moderator}
          maxLength={100}
          onChange={(e) => setModerator(e.target.value)}
        />
        <TextField
          label="Expires (optional)"
          hint={EXPIRY_HINT}
          type="datetime-local"
          ref={expiresField}
          value={caseTypeExpires(type) ? expires : ''}
          disabled={!caseTypeExpires(type)}
          // The picker offers nothing before now (the server refuses a past expiry) nor past year 9999.
          min={toExpiryInput(Date.now())}
          max={EXPIRY_INPUT_MAX}
          error={caseTypeExpires(type) ? expiresError : null}
          onChange={(e) => {
            setExpires(e.target.value);
            setExpiresError(null);
          }}
        />
      </div>
      <TextAreaField label="Reason" value={reason} maxLength={1000} rows={2} onChange={(e) => setReason(e.target.value)} />
      <TextAreaField label="Note (optional)" value={note} maxLength={2000} rows={2} onChange={(e) => setNote(e.target.value)} />
      <label className="case-form__check">
        <input type="checkbox" checked={hidden} onChange={(e) => setHidden(e.target.checked)} /> Hidden from the public checker
      </label>
      {error && (
        <p role="alert" className="case-form__error">
          {error}
        </p>
      )}
      {done && !error && (
        <p role="status" className="case-form__done">
          {done}
        </p>
      )}
      <Button type="submit" disabled={open.isPending || targets.length === 0}>
        {open.isPending ? 'Opening…' : 'Open case'}
      </Button>
    </form>
  );
}

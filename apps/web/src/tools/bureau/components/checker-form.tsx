import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CheckerIdType, type CheckStatusQuery } from '@guildhall/contracts/bureau';
import { fieldValue, useHydrated } from '@/lib/use-hydrated';
import { Button } from '@/ui/button';
import { SelectField, TextField } from '@/ui/field';

const ID_TYPES: ReadonlyArray<{ value: CheckerIdType; label: string }> = [
  { value: 'discord', label: 'Discord ID' },
  { value: 'roblox', label: 'Roblox ID' },
];

export interface CheckerFormProps {
  busy: boolean;
  onCheck(query: CheckStatusQuery): void;
  /** The check the address names (a QR link, back and forward); the fields show it. */
  current?: CheckStatusQuery | null;
}

/** 001 §2: the selector (Discord ID or Roblox ID), the input and 'Check Status' / 'Checking...'. */
export function CheckerForm({ busy, onCheck, current = null }: CheckerFormProps) {
  const [type, setType] = useState<CheckerIdType>(current?.type ?? 'discord');
  const [id, setId] = useState(current?.id ?? '');
  const currentType = current?.type;
  const currentId = current?.id;
  useEffect(() => {
    if (currentType === undefined || currentId === undefined) return;
    setType(currentType);
    setId(currentId);
  }, [currentType, currentId]);
  // Decision 0035: the page arrives prerendered, so a person may choose and type before React takes
  // the form over; what they entered stays theirs, and the button waits for React.
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const chosen = fieldValue(formRef.current, 'type');
    const typed = fieldValue(formRef.current, 'id');
    if (chosen === 'discord' || chosen === 'roblox') setType(chosen);
    if (typed) setId(typed);
  }, []);
  const typeLabel = ID_TYPES.find((t) => t.value === type)!.label;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // 001 §5: the input is trimmed and an empty input does nothing.
    const trimmed = id.trim();
    if (!trimmed || busy) return;
    onCheck({ type, id: trimmed });
  };

  return (
    <form ref={formRef} className="ui-panel checker-form" onSubmit={submit} aria-label="Check verification status" noValidate>
      <SelectField
        className="checker-form__type"
        label="Look up by"
        name="type"
        value={type}
        options={ID_TYPES}
        onChange={(event) => setType(CheckerIdType.parse(event.target.value))}
      />
      <TextField
        className="checker-form__id"
        label={typeLabel}
        name="id"
        value={id}
        onChange={(event) => setId(event.target.value)}
        placeholder={`Enter a ${typeLabel}`}
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
      />
      <Button type="submit" className="checker-form__submit" disabled={busy || !hydrated}>
        {busy ? 'Checking...' : 'Check Status'}
      </Button>
    </form>
  );
}

import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import './field.css';

interface ControlIds {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export interface FieldProps {
  label: ReactNode;
  /** Help shown under the control. */
  hint?: ReactNode;
  /** The problem with the current value; the control is marked invalid while it is set. */
  error?: ReactNode;
  /** Hides the label visually; it is still the control's accessible name. */
  hideLabel?: boolean;
  className?: string;
  /** Renders the control, wired to the label, hint and error. */
  children: (ids: ControlIds) => ReactNode;
}

/** The shell every form control sits in: a real <label>, hint and error tied by id (ARCHITECTURE.md §9). */
export function Field({ label, hint, error, hideLabel = false, className, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['ui-field', error ? 'ui-field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'ui-field__label'}>
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint && (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="ui-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

type Shell = Omit<FieldProps, 'children'>;

export interface TextFieldProps extends Shell, Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  ref?: React.Ref<HTMLInputElement>;
}

export function TextField({ label, hint, error, hideLabel, className, ...input }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} hideLabel={hideLabel} className={className}>
      {(ids) => <input className="ui-field__control" {...input} {...ids} />}
    </Field>
  );
}

export interface SelectFieldProps extends Shell, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  options: ReadonlyArray<{ value: string; label: string; disabled?: boolean }>;
  ref?: React.Ref<HTMLSelectElement>;
}

export function SelectField({ label, hint, error, hideLabel, className, options, ...select }: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} hideLabel={hideLabel} className={className}>
      {(ids) => (
        <select className="ui-field__control ui-field__control--select" {...select} {...ids}>
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export interface TextAreaFieldProps extends Shell, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  ref?: React.Ref<HTMLTextAreaElement>;
}

export function TextAreaField({ label, hint, error, hideLabel, className, ...textarea }: TextAreaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} hideLabel={hideLabel} className={className}>
      {(ids) => <textarea className="ui-field__control ui-field__control--textarea" rows={4} {...textarea} {...ids} />}
    </Field>
  );
}

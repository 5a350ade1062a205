import { useEffect, useRef, useState, type FormEvent, type FormHTMLAttributes, type ReactNode } from 'react';
import { fieldValue, useHydrated } from '../lib/use-hydrated';
import { SchoolLoginRequest } from '@guildhall/contracts';
import { Button } from './button';
import { TextField } from './field';

export interface SchoolLoginFormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'> {
  /** Called with the trimmed student ID and the password, only once both are filled in. */
  onLogin(credentials: SchoolLoginRequest): void;
  /** While the login is on its way the button is disabled and reads 'Logging in…'. */
  pending: boolean;
  /** Marks both fields required for assistive technology. */
  required?: boolean;
  /** Above the fields: the form's heading and any introduction. */
  intro: ReactNode;
  /** Between the fields and the button, e.g. a failure read out where it appears. */
  status?: ReactNode;
  /** Below the button, e.g. a link. */
  children?: ReactNode;
  /** The form's own words in the reader's language (issue 16 item 1); 002's English when left out. */
  texts?: Partial<SchoolLoginTexts>;
}

export interface SchoolLoginTexts {
  studentId: string;
  password: string;
  studentIdRequired: string;
  passwordRequired: string;
  submit: string;
  submitting: string;
}

// 002 §7 login: the fields take no more than the call accepts. A pasted 1,000-character ID went out
// and came back in the contract's own words ('student_id: must be at most 32 characters').
const MAX_LENGTH = {
  studentId: SchoolLoginRequest.shape.student_id.maxLength ?? undefined,
  password: SchoolLoginRequest.shape.password.maxLength ?? undefined,
};

const ENGLISH: SchoolLoginTexts = {
  studentId: 'Student ID',
  password: 'Password',
  studentIdRequired: 'Student ID is required.',
  passwordRequired: 'Password is required.',
  submit: 'Log in',
  submitting: 'Logging in…',
};

/**
 * The school account sign-in every school tool shows (002 §5 Login form): student ID and password,
 * both required, checked here before anything is sent, then handed to the tool's own login call.
 */
export function SchoolLoginForm({ onLogin, pending, required, intro, status, children, texts, ...form }: SchoolLoginFormProps) {
  const words = { ...ENGLISH, ...texts };
  const [studentId, setStudentId] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<{ studentId?: boolean; password?: boolean }>({});
  // Decision 0035: the sign-in screens arrive prerendered. What was typed before React took the form
  // over stays; the button waits for React, so the form is never sent the browser's own way.
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const typedId = fieldValue(formRef.current, 'student_id');
    const typedPassword = fieldValue(formRef.current, 'password');
    if (typedId) setStudentId(typedId);
    if (typedPassword) setPassword(typedPassword);
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      studentId: !studentId.trim(),
      password: !password,
    };
    setProblems(next);
    if (next.studentId || next.password) return;
    onLogin({ student_id: studentId.trim(), password });
  };

  return (
    <form {...form} ref={formRef} onSubmit={submit} noValidate>
      {intro}
      <TextField
        label={words.studentId}
        name="student_id"
        autoComplete="username"
        inputMode="numeric"
        maxLength={MAX_LENGTH.studentId}
        value={studentId}
        onChange={(e) => setStudentId(e.target.value)}
        error={problems.studentId ? words.studentIdRequired : undefined}
        required={required}
      />
      <TextField
        label={words.password}
        name="password"
        type="password"
        autoComplete="current-password"
        maxLength={MAX_LENGTH.password}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={problems.password ? words.passwordRequired : undefined}
        required={required}
      />
      {status}
      <Button type="submit" block disabled={pending || !hydrated}>
        {pending ? words.submitting : words.submit}
      </Button>
      {children}
    </form>
  );
}

import { useState, type FormEvent, type FormHTMLAttributes, type ReactNode } from 'react';
import type { SchoolLoginRequest } from '@guildhall/contracts';
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
}

/**
 * The school account sign-in every school tool shows (002 §5 Login form): student ID and password,
 * both required, checked here before anything is sent, then handed to the tool's own login call.
 */
export function SchoolLoginForm({ onLogin, pending, required, intro, status, children, ...form }: SchoolLoginFormProps) {
  const [studentId, setStudentId] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<{ studentId?: string; password?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      studentId: studentId.trim() ? undefined : 'Student ID is required.',
      password: password ? undefined : 'Password is required.',
    };
    setProblems(next);
    if (next.studentId || next.password) return;
    onLogin({ student_id: studentId.trim(), password });
  };

  return (
    <form {...form} onSubmit={submit} noValidate>
      {intro}
      <TextField
        label="Student ID"
        name="student_id"
        autoComplete="username"
        inputMode="numeric"
        value={studentId}
        onChange={(e) => setStudentId(e.target.value)}
        error={problems.studentId}
        required={required}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={problems.password}
        required={required}
      />
      {status}
      <Button type="submit" block disabled={pending}>
        {pending ? 'Logging in…' : 'Log in'}
      </Button>
      {children}
    </form>
  );
}

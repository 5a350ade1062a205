import { useState, type FormEvent } from 'react';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { StatusCard } from '@/ui/status-card';
import { useLogin } from '../api/login';

/** Sign-in with a school account (student ID + password, both required: 002 §5 Login form). */
export function LoginForm() {
  const login = useLogin();
  const [studentId, setStudentId] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ studentId?: string; password?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      studentId: studentId.trim() ? undefined : 'Student ID is required.',
      password: password ? undefined : 'Password is required.',
    };
    setErrors(next);
    if (next.studentId || next.password) return;
    login.mutate({ student_id: studentId.trim(), password });
  };

  return (
    <form className="tt-login" onSubmit={submit} noValidate aria-label="Log in to your timetable">
      <h2 className="tt-login__title">Log in</h2>
      <p className="tt-muted">Use your student ID and password.</p>
      <TextField
        label="Student ID"
        name="student_id"
        autoComplete="username"
        inputMode="numeric"
        value={studentId}
        onChange={(e) => setStudentId(e.target.value)}
        error={errors.studentId}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      {/* Already on the page, so a failure appearing inside it is read out. */}
      <div aria-live="polite">
        {login.isError && (
          <StatusCard tone="danger" title="Could not log in" headingLevel={3}>
            {login.error.message}
          </StatusCard>
        )}
      </div>
      <Button type="submit" block disabled={login.isPending}>
        {login.isPending ? 'Logging in…' : 'Log in'}
      </Button>
    </form>
  );
}

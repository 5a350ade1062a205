import { useState, type FormEvent } from 'react';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { useLogin } from '../api/login';
import { ApiError } from '@/lib/api-client';
import { storeSession } from '../lib/session';
import { EligibilityList } from './eligibility-list';

/** 002 §2 login form: student ID, password (both required, 002 §5), and the eligibility-list link. */
export function LoginForm({ onError }: { onError(message: string): void }) {
  const login = useLogin();
  const [studentId, setStudentId] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<{ studentId?: string; password?: string }>({});
  const [showList, setShowList] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      studentId: studentId.trim() ? undefined : 'Student ID is required.',
      password: password ? undefined : 'Password is required.',
    };
    setProblems(next);
    if (next.studentId || next.password) return;
    login.mutate(
      { student_id: studentId.trim(), password },
      {
        onSuccess: (answer) => storeSession(answer),
        onError: (error) => onError(error instanceof ApiError ? error.message : 'An unexpected error occurred.'),
      },
    );
  };

  return (
    <form className="sports-login" onSubmit={submit} noValidate aria-labelledby="sports-login-title">
      <h2 id="sports-login-title" className="sports-section-title">
        Log in
      </h2>
      <TextField
        label="Student ID"
        name="student_id"
        autoComplete="username"
        inputMode="numeric"
        value={studentId}
        onChange={(e) => setStudentId(e.target.value)}
        error={problems.studentId}
        required
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={problems.password}
        required
      />
      <Button type="submit" block disabled={login.isPending}>
        {login.isPending ? 'Logging in…' : 'Log in'}
      </Button>
      <p className="sports-login__link">
        <button type="button" className="sports-link" onClick={() => setShowList(true)}>
          Who can join which sport? See the eligibility list
        </button>
      </p>
      <EligibilityList open={showList} onClose={() => setShowList(false)} />
    </form>
  );
}

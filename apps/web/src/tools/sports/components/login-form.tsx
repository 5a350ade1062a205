import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { SchoolLoginForm } from '@/ui/school-login-form';
import { useLogin } from '../api/login';
import { storeSession } from '../lib/session';
import { EligibilityList } from './eligibility-list';

/** 002 §2 login form: student ID, password (both required, 002 §5), and the eligibility-list link. */
export function LoginForm({ onError }: { onError(message: string): void }) {
  const login = useLogin();
  const [showList, setShowList] = useState(false);

  return (
    <SchoolLoginForm
      className="sports-login"
      aria-labelledby="sports-login-title"
      required
      pending={login.isPending}
      onLogin={(credentials) =>
        login.mutate(credentials, {
          onSuccess: (answer) => storeSession(answer),
          onError: (error) => onError(error instanceof ApiError ? error.message : 'An unexpected error occurred.'),
        })
      }
      intro={
        <h2 id="sports-login-title" className="sports-section-title">
          Log in
        </h2>
      }
    >
      <p className="sports-login__link">
        <button type="button" className="sports-link" onClick={() => setShowList(true)}>
          Who can join which sport? See the eligibility list
        </button>
      </p>
      <EligibilityList open={showList} onClose={() => setShowList(false)} />
    </SchoolLoginForm>
  );
}

import { useState } from 'react';
import { SchoolLoginForm } from '@/ui/school-login-form';
import { useLogin } from '../api/login';
import { storeSession } from '../lib/session';
import { EligibilityList } from './eligibility-list';
import { useSportsRefusal, useSportsT } from '../messages';

/** 002 §2 login form: student ID, password (both required, 002 §5), and the eligibility-list link. */
export function LoginForm({ onError }: { onError(message: string): void }) {
  const login = useLogin();
  const [showList, setShowList] = useState(false);
  const { t } = useSportsT();
  const refusal = useSportsRefusal();

  return (
    <SchoolLoginForm
      className="sports-login"
      aria-labelledby="sports-login-title"
      required
      pending={login.isPending}
      texts={{
        studentId: t('studentId'),
        password: t('login.password'),
        studentIdRequired: t('login.studentIdRequired'),
        passwordRequired: t('login.passwordRequired'),
        submit: t('login.title'),
        submitting: t('login.submitting'),
      }}
      onLogin={(credentials) =>
        login.mutate(credentials, {
          onSuccess: (answer) => storeSession(answer),
          onError: (error) => onError(refusal(error)),
        })
      }
      intro={
        <h2 id="sports-login-title" className="sports-section-title">
          {t('login.title')}
        </h2>
      }
    >
      <p className="sports-login__link">
        <button type="button" className="sports-link" onClick={() => setShowList(true)}>
          {t('login.eligibilityLink')}
        </button>
      </p>
      <EligibilityList open={showList} onClose={() => setShowList(false)} />
    </SchoolLoginForm>
  );
}

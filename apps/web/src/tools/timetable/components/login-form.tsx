import { SchoolLoginForm } from '@/ui/school-login-form';
import { StatusCard } from '@/ui/status-card';
import { useLogin } from '../api/login';
import { useTimetableRefusal, useTimetableT } from '../messages';

/** Sign-in with a school account (student ID + password, both required: 002 §5 Login form). */
export function LoginForm() {
  const login = useLogin();
  const { t } = useTimetableT();
  const refusal = useTimetableRefusal();

  return (
    <SchoolLoginForm
      className="tt-login"
      aria-label={t('login.form')}
      pending={login.isPending}
      onLogin={(credentials) => login.mutate(credentials)}
      texts={{
        studentId: t('login.studentId'),
        password: t('login.password'),
        studentIdRequired: t('login.studentIdRequired'),
        passwordRequired: t('login.passwordRequired'),
        submit: t('login.submit'),
        submitting: t('login.submitting'),
      }}
      intro={
        <>
          <h2 className="tt-login__title">{t('login.title')}</h2>
          <p className="tt-muted">{t('login.intro')}</p>
        </>
      }
      status={
        // Already on the page, so a failure appearing inside it is read out.
        <div aria-live="polite">
          {login.isError && (
            <StatusCard tone="danger" title={t('login.failed')} headingLevel={3}>
              {refusal(login.error)}
            </StatusCard>
          )}
        </div>
      }
    />
  );
}

import { SchoolLoginForm } from '@/ui/school-login-form';
import { StatusCard } from '@/ui/status-card';
import { useLogin } from '../api/login';

/** Sign-in with a school account (student ID + password, both required: 002 §5 Login form). */
export function LoginForm() {
  const login = useLogin();

  return (
    <SchoolLoginForm
      className="tt-login"
      aria-label="Log in to your timetable"
      pending={login.isPending}
      onLogin={(credentials) => login.mutate(credentials)}
      intro={
        <>
          <h2 className="tt-login__title">Log in</h2>
          <p className="tt-muted">Use your student ID and password.</p>
        </>
      }
      status={
        // Already on the page, so a failure appearing inside it is read out.
        <div aria-live="polite">
          {login.isError && (
            <StatusCard tone="danger" title="Could not log in" headingLevel={3}>
              {login.error.message}
            </StatusCard>
          )}
        </div>
      }
    />
  );
}

import { useEffect } from 'react';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { useVerification } from '../api/check-verification';
import { useUser } from '../api/get-user';
import { AdminDashboard } from '../components/admin-dashboard';
import { ApplicantView } from '../components/applicant-view';
import { LoginScreen } from '../components/login-screen';
import { LOGOUT_URL, UnverifiedModal } from '../components/unverified-modal';
import '../recruitment.css';

export const PRODUCT_TITLE = 'Railway Staff Recruitment';

/**
 * 000 §2/§4: one view chosen from the session state, not the path. Checking ('Verifying user...',
 * then 'Verifying...'), then the login screen, the unverified modal, the applicant view or the
 * admin dashboard (isAdmin). The logout button sits top right for anyone logged in and verified.
 */
export function RecruitmentPortal() {
  const user = useUser();
  const signedIn = Boolean(user.data);
  const verification = useVerification(signedIn);

  useEffect(() => {
    if (!user.data) document.title = `${PRODUCT_TITLE} · Guildhall`;
  }, [user.data]);

  let view;
  let showLogout = false;
  if (user.isPending) view = <Checking text="Verifying user..." />;
  else if (!user.data) view = <LoginScreen title={PRODUCT_TITLE} />;
  else if (verification.isPending) view = <Checking text="Verifying..." />;
  else if (!verification.data) view = <UnverifiedModal />;
  else {
    showLogout = true;
    view = user.data.isAdmin ? <AdminDashboard /> : <ApplicantView user={user.data} />;
  }

  return (
    <div className="recruitment">
      <div className="recruitment__bar">
        <span className="recruitment__brand">{PRODUCT_TITLE}</span>
        {showLogout && (
          // The shell hides its own 'Sign out' here (shell/app-layout.tsx), so who is signed in shows beside Logout.
          <span className="recruitment__account">
            <span className="recruitment-muted">
              Signed in as <strong>{user.data?.username}</strong>
            </span>
            <form method="post" action={LOGOUT_URL}>
              <Button type="submit" variant="secondary" size="sm">
                Logout
              </Button>
            </form>
          </span>
        )}
      </div>
      {view}
    </div>
  );
}

function Checking({ text }: { text: string }) {
  return (
    <div className="recruitment__checking">
      <Spinner label={text} showLabel size="lg" />
    </div>
  );
}

import { useCallback, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateMe } from '@/api/get-me';
import { Page } from '@/ui/page';
import { logout } from '../api/logout';
import { AdminPanel } from '../components/admin-panel';
import { InfoBar } from '../components/info-bar';
import { LoginForm } from '../components/login-form';
import { ErrorModal } from '../components/sports-modals';
import { StudentSection } from '../components/student-section';
import { SOVIET_KEY, clearSession, isAdminRole, isSovietSession, useSportsSession } from '../lib/session';
import { SovietMode } from '../soviet/soviet-mode';
import { LanguageSwitch } from '@/lib/i18n/language-switch';
import { useSchoolLanguage } from '@/lib/i18n/school-i18n';
import { useSportsT } from '../messages';
import '../sports.css';

/**
 * 002 §2 Sports hub, /sports. "No URL routes are shown; screens are chosen by state" (002 §2):
 * not logged in -> login; logged in -> dashboard; or the Soviet sequence when its toggle is on.
 */
export function SportsHubPage() {
  const session = useSportsSession();
  const client = useQueryClient();
  // Decision 0035: the page is prerendered without storage; the stored flag is read after hydration.
  const storedSoviet = useSyncExternalStore(subscribeNever, isSovietSession, () => false);
  const [sovietChoice, setSoviet] = useState<boolean | null>(null);
  const soviet = sovietChoice ?? storedSoviet;
  const [error, setError] = useState<string | null>(null);
  // Turning Soviet mode off from its own screen puts focus back on the toggle (it fell to the body).
  const focusToggle = useRef(false);
  const { language, setLanguage } = useSchoolLanguage();
  const { t } = useSportsT();

  const endSession = useCallback(
    (message?: string) => {
      void logout().then(() => invalidateMe(client));
      clearSession();
      client.removeQueries({ queryKey: ['sports'], predicate: (q) => q.queryKey[1] !== 'config' });
      setSoviet(false);
      if (message) setError(message);
    },
    [client],
  );
  // 002 §6: any failure loading sports, registration or settings logs the user out.
  const onLoadFailure = useCallback((message: string) => endSession(message), [endSession]);

  if (soviet) {
    return (
      <>
        <SovietMode
          onExit={() => {
            sessionStorage.removeItem(SOVIET_KEY);
            focusToggle.current = true;
            setSoviet(false);
          }}
          onLoadFailure={onLoadFailure}
          onLogout={() => endSession()}
        />
        <ErrorModal message={error} onClose={() => setError(null)} />
      </>
    );
  }

  return (
    <Page title={t('title')} lead={t('lead')}>
      <div className="sports">
        <LanguageSwitch language={language} onChange={setLanguage} className="sports-language" />
        {session ? (
          <>
            <InfoBar session={session} onLogout={() => endSession()} />
            {session.role === 'student' && <StudentSection session={session} onLoadFailure={onLoadFailure} />}
            {isAdminRole(session.role) && <AdminPanel session={session} onLoadFailure={onLoadFailure} />}
          </>
        ) : (
          <div className="sports-logged-out">
            <LoginForm onError={setError} />
            {/* 002 §2: the Soviet toggle exists only while logged out. */}
            <label className="sports-soviet-toggle">
              <input
                ref={(toggle) => {
                  if (toggle && focusToggle.current) toggle.focus();
                  focusToggle.current = false;
                }}
                type="checkbox"
                checked={soviet}
                onChange={(e) => setSoviet(e.target.checked)}
              />
              <span>{t('sovietToggle')}</span>
            </label>
          </div>
        )}
      </div>
      <ErrorModal message={error} onClose={() => setError(null)} />
    </Page>
  );
}

/** The session-scoped Soviet flag changes only through this page's own setter. */
const subscribeNever = () => () => {};

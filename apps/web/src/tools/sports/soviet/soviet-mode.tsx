import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useSportsConfig } from '../api/get-sports-config';
import { useLogin } from '../api/login';
import { ApiError, type ErrorDetails } from '@/lib/api-client';
import { useAfter, useTicks } from '@/lib/scaled-clock';
import { storeSession, useSportsSession } from '../lib/session';
import { SovietDesktop } from './soviet-desktop';
import { LanguageSwitch } from '@/lib/i18n/language-switch';
import { useSchoolLanguageChoice } from '@/lib/i18n/school-i18n';
import { useSportsT } from '../messages';
import './soviet.css';

type Stage = 'bootText' | 'bootLogo' | 'login' | 'failed' | 'welcome' | 'progress' | 'desktop';

// 002 §4, §9 joke screen timings (scaled by the one clock in lib/scaled-clock.ts).
export const SOVIET_TIMINGS = { bootText: 4000, bootLogo: 8000, welcome: 5000, failed: 3000, progressStep: 100 } as const;

/**
 * 002 §2 "Soviet desktop variant", started by the toggle on the logged-out screen: boot text, boot
 * logo, an XP-style login that checks the password with the real login call for the fixed student ID
 * (GET /sports/api/config), a welcome, the redirect progress bar, then the desktop. sovietSession in
 * session storage (002 §3) brings a reload straight back to the desktop.
 */
export function SovietMode({
  onExit,
  onLoadFailure,
  onLogout,
}: {
  onExit(): void;
  onLoadFailure(message: string): void;
  onLogout(): void;
}) {
  const session = useSportsSession();
  const [stage, setStage] = useState<Stage>(() => (session ? 'desktop' : 'bootText'));
  // The session can end elsewhere (a logout in another tab): the login stage again (002 §4 flow), not
  // an empty desktop with no way out.
  if (stage === 'desktop' && !session) setStage('login');
  const screen = useRef<HTMLDivElement>(null);
  useInertBehind(screen);
  useAfter(stage === 'bootText', SOVIET_TIMINGS.bootText, () => setStage('bootLogo'));
  useAfter(stage === 'bootLogo', SOVIET_TIMINGS.bootLogo, () => setStage('login'));
  useAfter(stage === 'failed', SOVIET_TIMINGS.failed, () => setStage('login'));
  useAfter(stage === 'welcome', SOVIET_TIMINGS.welcome, () => setStage('progress'));
  const percent = Math.min(100, useTicks(stage === 'progress', SOVIET_TIMINGS.progressStep));
  useAfter(stage === 'progress' && percent >= 100, 0, () => setStage('desktop'));
  const { t } = useSportsT();
  const { language, setLanguage } = useSchoolLanguageChoice();

  return (
    <div ref={screen} className={`soviet soviet--${stage}`} data-testid="soviet" data-stage={stage}>
      {stage !== 'desktop' && <LanguageSwitch language={language} onChange={setLanguage} className="language-switch--corner" />}
      {stage === 'bootText' && (
        <pre className="soviet-boot-text" aria-live="polite">
          {(t('soviet.boot', { returnObjects: true }) as unknown as string[]).join('\n')}
          <span className="soviet-cursor">█</span>
        </pre>
      )}
      {stage === 'bootLogo' && (
        <div className="soviet-logo" role="img" aria-label={t('soviet.starting')}>
          <span className="soviet-logo__mark" aria-hidden="true">
            ☭
          </span>
          <span className="soviet-logo__name">SovietOS</span>
          <span className="soviet-logo__edition">{t('soviet.edition')}</span>
          <span className="soviet-logo__bar" aria-hidden="true">
            <span />
          </span>
        </div>
      )}
      {(stage === 'login' || stage === 'failed') && (
        <SovietLogin
          failed={stage === 'failed'}
          onSuccess={() => setStage('welcome')}
          onFailure={() => setStage('failed')}
          onExit={onExit}
        />
      )}
      {stage === 'welcome' && (
        <div className="soviet-welcome" role="status">
          <p className="soviet-welcome__title">{t('soviet.welcome')}</p>
          <p>{t('soviet.glory')}</p>
        </div>
      )}
      {stage === 'progress' && (
        // Only the sentence is a live region: with the ticking percent inside it, a reader announced
        // every 1% (002 §4: 100 changes in 10 s). The progress bar tells its value to those who ask.
        <div className="soviet-progress">
          <p role="status">{t('soviet.redirecting')}</p>
          <div
            className="soviet-progress__track"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-label={t('soviet.progress')}
          >
            <div className="soviet-progress__fill" style={{ width: `${percent}%` }} />
          </div>
          <p className="soviet-progress__value" aria-hidden="true">
            {percent}%
          </p>
        </div>
      )}
      {stage === 'desktop' && session && <SovietDesktop session={session} onLoadFailure={onLoadFailure} onLogout={onLogout} />}
    </div>
  );
}

/**
 * Everything outside `screen` is inert while it is there: the Soviet screen (002 §2) covers the page
 * (position: fixed), and Tab walked on into the shell's links hidden behind it. The siblings of it
 * and of each of its ancestors up to <body>; what was inert before stays so.
 */
function useInertBehind(screen: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const made: Element[] = [];
    for (let node = screen.current; node?.parentElement && node !== document.body; node = node.parentElement) {
      for (const sibling of node.parentElement.children) {
        if (sibling === node || sibling.hasAttribute('inert')) continue;
        sibling.setAttribute('inert', '');
        made.push(sibling);
      }
    }
    return () => made.forEach((element) => element.removeAttribute('inert'));
  }, [screen]);
}

function SovietLogin({ failed, onSuccess, onFailure, onExit }: { failed: boolean; onSuccess(): void; onFailure(): void; onExit(): void }) {
  const config = useSportsConfig();
  const login = useLogin();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  // The server's wait after many failed sign-ins (code sign_in_throttled): the right password is
  // refused too, so 002 §4's failed-login message ("INCORRECT PASSWORD") would be a lie.
  const [throttled, setThrottled] = useState<ErrorDetails | null>(null);
  const { t } = useSportsT();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!config.data || busy) return;
    setBusy(true);
    setThrottled(null);
    try {
      // 002 §4: "the password is verified against the login call with a fixed student ID".
      const answer = await login.mutateAsync({ student_id: config.data.sovietStudentId, password });
      storeSession(answer, true);
      onSuccess();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'sign_in_throttled') setThrottled(error.details ?? {});
      else onFailure();
    } finally {
      setBusy(false);
      setPassword('');
    }
  };
  return (
    <div className="soviet-xp">
      <div className="soviet-xp__top">☭ SovietOS</div>
      <div className="soviet-xp__middle">
        <div className="soviet-xp__intro">
          <p className="soviet-xp__big">{t('soviet.begin')}</p>
          <p>{t('soviet.party')}</p>
        </div>
        <form className="soviet-xp__user" onSubmit={submit}>
          <span className="soviet-xp__avatar" aria-hidden="true">
            ★
          </span>
          <div>
            <p className="soviet-xp__name">{t('desktop.comrade')}</p>
            {failed ? (
              <p className="soviet-xp__error" role="alert">
                {t('soviet.gulag')}
              </p>
            ) : (
              <div className="soviet-xp__row">
                <label className="visually-hidden" htmlFor="soviet-password">
                  {t('login.password')}
                </label>
                <input
                  id="soviet-password"
                  type="password"
                  value={password}
                  autoFocus
                  autoComplete="off"
                  onChange={(e) => setPassword(e.target.value)}
                  disabled={busy || !config.data}
                />
                <button type="submit" className="soviet-xp__go" aria-label={t('login.title')} disabled={busy || !config.data}>
                  ➜
                </button>
              </div>
            )}
            {throttled && (
              <p className="soviet-xp__error" role="alert">
                {t('soviet.throttled', throttled)}
              </p>
            )}
          </div>
        </form>
      </div>
      <div className="soviet-xp__bottom">
        <button type="button" className="soviet-xp__off" onClick={onExit}>
          {t('soviet.off')}
        </button>
      </div>
    </div>
  );
}

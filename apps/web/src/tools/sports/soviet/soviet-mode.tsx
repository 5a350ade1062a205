import { useState, type FormEvent } from 'react';
import { useSportsConfig } from '../api/get-sports-config';
import { useLogin } from '../api/login';
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
  useAfter(stage === 'bootText', SOVIET_TIMINGS.bootText, () => setStage('bootLogo'));
  useAfter(stage === 'bootLogo', SOVIET_TIMINGS.bootLogo, () => setStage('login'));
  useAfter(stage === 'failed', SOVIET_TIMINGS.failed, () => setStage('login'));
  useAfter(stage === 'welcome', SOVIET_TIMINGS.welcome, () => setStage('progress'));
  const percent = Math.min(100, useTicks(stage === 'progress', SOVIET_TIMINGS.progressStep));
  useAfter(stage === 'progress' && percent >= 100, 0, () => setStage('desktop'));
  const { t } = useSportsT();
  const { language, setLanguage } = useSchoolLanguageChoice();

  return (
    <div className={`soviet soviet--${stage}`} data-testid="soviet" data-stage={stage}>
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
        <div className="soviet-progress" role="status">
          <p>{t('soviet.redirecting')}</p>
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
          <p className="soviet-progress__value">{percent}%</p>
        </div>
      )}
      {stage === 'desktop' && session && <SovietDesktop session={session} onLoadFailure={onLoadFailure} onLogout={onLogout} />}
    </div>
  );
}

function SovietLogin({ failed, onSuccess, onFailure, onExit }: { failed: boolean; onSuccess(): void; onFailure(): void; onExit(): void }) {
  const config = useSportsConfig();
  const login = useLogin();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const { t } = useSportsT();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!config.data || busy) return;
    setBusy(true);
    try {
      // 002 §4: "the password is verified against the login call with a fixed student ID".
      const answer = await login.mutateAsync({ student_id: config.data.sovietStudentId, password });
      storeSession(answer, true);
      onSuccess();
    } catch {
      onFailure();
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

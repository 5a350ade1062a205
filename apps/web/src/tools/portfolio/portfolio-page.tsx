import { useEffect, useRef, useState, type FormEvent } from 'react';
import { usePortfolioConfig } from './api/get-portfolio-config';
import { useAfter, useTicks } from '@/lib/scaled-clock';
import { LanguageSwitch } from '@/lib/i18n/language-switch';
import { useSchoolLanguage } from '@/lib/i18n/school-i18n';
import { usePortfolioRefusal, usePortfolioT } from './messages';
import en from './messages/en.json';
import './portfolio.css';

type Stage = 'off' | 'boot' | 'login' | 'dashboard' | 'alert' | 'countdown';

// 002 §9: alert lines every 2 s, a 300 s countdown. The boot length is not shown; 3 s feels like one.
export const PORTFOLIO_TIMINGS = { boot: 3000, alertLine: 2000, countdownSeconds: 300 } as const;

// 002 §8: "The wrong-password alert lines: wording not shown." Eight lines of our own (messages/*.json).
export const ALERT_LINES: readonly string[] = en.alert;

/**
 * 002 §2 Portfolio fake computer, a decorative screen with no real function: power-off, boot, login
 * with the fixed password (PORTFOLIO_PASSWORD, from GET /portfolio/api/config), the placeholder
 * dashboard; a wrong password plays the alert lines, then the 300 s countdown, then a reset (002 §4).
 */
export function PortfolioPage() {
  const config = usePortfolioConfig();
  const [stage, setStage] = useState<Stage>('off');
  const [password, setPassword] = useState('');
  const dashboardHeading = useRef<HTMLHeadingElement>(null);
  const powerButton = useRef<HTMLButtonElement>(null);
  const previousStage = useRef<Stage>(stage);
  const { language, setLanguage } = useSchoolLanguage();
  const { t } = usePortfolioT();
  const refusal = usePortfolioRefusal();
  const alertLines = t('alert', { returnObjects: true }) as unknown as string[];
  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);
  // The control that had focus (Log in, End Session) goes with its screen; without this focus fell
  // to <body>. The dashboard's heading after a login; Power on after End Session and after the
  // countdown's reset (002 §2, §4), but not on the first screen, which nobody asked to focus.
  useEffect(() => {
    if (stage === 'dashboard') dashboardHeading.current?.focus();
    if (stage === 'off' && previousStage.current !== 'off') powerButton.current?.focus();
    previousStage.current = stage;
  }, [stage]);

  useAfter(stage === 'boot', PORTFOLIO_TIMINGS.boot, () => setStage('login'));
  const alertTicks = useTicks(stage === 'alert', PORTFOLIO_TIMINGS.alertLine);
  // The first line shows at once, then one more every 2 s; after the eighth's 2 s the countdown starts.
  const linesShown = Math.min(ALERT_LINES.length, alertTicks + 1);
  useAfter(stage === 'alert' && alertTicks >= ALERT_LINES.length, 0, () => setStage('countdown'));
  const countdownTicks = useTicks(stage === 'countdown', 1000);
  const secondsLeft = Math.max(0, PORTFOLIO_TIMINGS.countdownSeconds - countdownTicks);
  useAfter(stage === 'countdown' && secondsLeft === 0, 0, () => setStage('off'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!config.data) return;
    // 002 §4: "The exact fixed password leads to the success screen."
    setStage(password === config.data.password ? 'dashboard' : 'alert');
    setPassword('');
  };

  return (
    <div className={`portfolio portfolio--${stage}`} data-testid="portfolio" data-stage={stage}>
      <LanguageSwitch language={language} onChange={setLanguage} className="language-switch--corner" />
      {stage === 'off' && (
        <div className="portfolio-off">
          <button ref={powerButton} type="button" className="portfolio-power" onClick={() => setStage('boot')} aria-label={t('powerOn')}>
            {/* Drawn, not the ⏻ character: few fonts have it. */}
            <svg
              width="36"
              height="36"
              viewBox="0 0 24 24"
              aria-hidden="true"
              focusable="false"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
            >
              <path d="M12 3v8" />
              <path d="M6.3 6.8a8 8 0 1 0 11.4 0" />
            </svg>
          </button>
          <p>{t('pressPower')}</p>
        </div>
      )}
      {stage === 'boot' && (
        <pre className="portfolio-boot" aria-live="polite">
          {(t('boot', { returnObjects: true }) as unknown as string[]).join('\n')}
        </pre>
      )}
      {stage === 'login' && (
        <form className="portfolio-login" onSubmit={submit}>
          <div className="portfolio-login__avatar" aria-hidden="true">
            P
          </div>
          <h1 className="portfolio-login__title">{t('title')}</h1>
          <label htmlFor="portfolio-password">{t('password')}</label>
          <input
            id="portfolio-password"
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoFocus
            autoComplete="off"
            disabled={!config.data}
          />
          <button type="submit" disabled={!config.data}>
            {t('logIn')}
          </button>
          {config.isError && <p role="alert">{t('startFailed', { message: refusal(config.error) })}</p>}
        </form>
      )}
      {stage === 'dashboard' && (
        <div className="portfolio-dashboard">
          <h1 ref={dashboardHeading} className="portfolio-dashboard__text" tabIndex={-1}>
            {t('pending')}
          </h1>
          <button type="button" onClick={() => setStage('off')}>
            {t('endSession')}
          </button>
        </div>
      )}
      {(stage === 'alert' || stage === 'countdown') && (
        <div className="portfolio-alert">
          <div role="alert">
            <ul>
              {alertLines.slice(0, stage === 'countdown' ? alertLines.length : linesShown).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
          {/* Outside the alert: inside it a reader announced the time every second for 300 s (002 §4).
              A timer is not read out as it changes. */}
          {stage === 'countdown' && (
            <p className="portfolio-alert__countdown" role="timer" data-testid="portfolio-countdown">
              {t('reset', {
                time: `${String(Math.floor(secondsLeft / 60)).padStart(2, '0')}:${String(secondsLeft % 60).padStart(2, '0')}`,
              })}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

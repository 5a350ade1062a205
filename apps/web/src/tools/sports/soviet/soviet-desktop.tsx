import { useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { levelOf } from '@guildhall/contracts/sports';
import { useSportsConfig } from '../api/get-sports-config';
import { ClipboardIcon, ComputerIcon, MedalIcon } from './desktop-icons';
import { AdminPanel } from '../components/admin-panel';
import { StudentSection } from '../components/student-section';
import { useNow } from '@/lib/scaled-clock';
import { schoolDateFormat } from '@/lib/i18n/school-format';
import { useSportsT } from '../messages';
import { type SportsSession, isAdminRole } from '../lib/session';

type AppId = 'computer' | 'register' | 'admin';
interface WindowState {
  id: AppId;
  x: number;
  y: number;
  z: number;
}

const APPS: Record<AppId, { title: string; Icon: () => ReactNode }> = {
  computer: { title: 'My Computer', Icon: ComputerIcon },
  register: { title: 'Register Sport', Icon: MedalIcon },
  admin: { title: 'Admin Panel', Icon: ClipboardIcon },
};

/**
 * 002 §2 desktop: icons by role ('My Computer' for all, 'Register Sport' for students, 'Admin Panel'
 * for developer or sports_lead), draggable windows holding the real registration and admin views,
 * and a taskbar with a clock.
 */
export function SovietDesktop({
  session,
  onLoadFailure,
  onLogout,
}: {
  session: SportsSession;
  onLoadFailure(message: string): void;
  onLogout(): void;
}) {
  const icons: AppId[] = [
    'computer',
    ...(session.role === 'student' ? (['register'] as const) : []),
    ...(isAdminRole(session.role) ? (['admin'] as const) : []),
  ];
  const [windows, setWindows] = useState<WindowState[]>([]);
  const [startOpen, setStartOpen] = useState(false);
  const { t } = useSportsT();
  const top = () => Math.max(0, ...windows.map((w) => w.z)) + 1;
  const open = (id: AppId) =>
    setWindows((ws) => {
      const z = Math.max(0, ...ws.map((w) => w.z)) + 1;
      if (ws.some((w) => w.id === id)) return ws.map((w) => (w.id === id ? { ...w, z } : w));
      return [...ws, { id, ...openingPlace(ws.length), z }];
    });
  const close = (id: AppId) => setWindows((ws) => ws.filter((w) => w.id !== id));
  const focus = (id: AppId) => setWindows((ws) => ws.map((w) => (w.id === id ? { ...w, z: top() } : w)));
  const move = (id: AppId, x: number, y: number) => setWindows((ws) => ws.map((w) => (w.id === id ? { ...w, x, y } : w)));

  return (
    <div className="soviet-desktop" data-testid="soviet-desktop">
      <ul className="soviet-desktop__icons" aria-label={t('desktop.label')}>
        {icons.map((id) => (
          <li key={id}>
            <button
              type="button"
              className="soviet-icon"
              onDoubleClick={() => open(id)}
              onClick={(e) => e.detail === 0 && open(id)}
              title={t('desktop.open', { app: t(`desktop.apps.${id}`) })}
            >
              <span className="soviet-icon__image">{APPS[id].Icon()}</span>
              <span className="soviet-icon__label">{t(`desktop.apps.${id}`)}</span>
            </button>
          </li>
        ))}
      </ul>
      {windows.map((w) => (
        <SovietWindow
          key={w.id}
          state={w}
          title={t(`desktop.apps.${w.id}`)}
          onClose={() => close(w.id)}
          onFocus={() => focus(w.id)}
          onMove={(x, y) => move(w.id, x, y)}
        >
          {w.id === 'computer' && <MyComputer session={session} />}
          {w.id === 'register' && <StudentSection session={session} onLoadFailure={onLoadFailure} />}
          {w.id === 'admin' && <AdminPanel session={session} onLoadFailure={onLoadFailure} />}
        </SovietWindow>
      ))}
      <Taskbar
        windows={windows}
        startOpen={startOpen}
        onToggleStart={() => setStartOpen((o) => !o)}
        onFocus={focus}
        onLogout={() => {
          setStartOpen(false);
          onLogout();
        }}
      />
    </div>
  );
}

/**
 * Where the n-th window opens: cascaded as on a desktop, but always wholly on screen, so on a 390 px
 * phone it opens at the left edge and fits (issue 16 item 2). The width matches .soviet-window's
 * min(46rem, 100vw - 1rem).
 */
function openingPlace(n: number): { x: number; y: number } {
  const width = Math.min(46 * 16, window.innerWidth - 16);
  const x = Math.max(8, Math.min(140 + n * 36, window.innerWidth - width - 8));
  const y = Math.max(8, Math.min(40 + n * 30, window.innerHeight - 240));
  return { x, y };
}

function SovietWindow({
  state,
  title,
  children,
  onClose,
  onFocus,
  onMove,
}: {
  state: WindowState;
  title: string;
  children: ReactNode;
  onClose(): void;
  onFocus(): void;
  onMove(x: number, y: number): void;
}) {
  const drag = useRef<{ dx: number; dy: number } | null>(null);
  const down = (event: ReactPointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    onFocus();
    drag.current = { dx: event.clientX - state.x, dy: event.clientY - state.y };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const moveTo = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    // Keep the title bar on screen so a window can always be dragged back.
    const x = Math.min(Math.max(event.clientX - drag.current.dx, -200), window.innerWidth - 80);
    const y = Math.min(Math.max(event.clientY - drag.current.dy, 0), window.innerHeight - 80);
    onMove(x, y);
  };
  const up = () => {
    drag.current = null;
  };
  return (
    <section
      className="soviet-window"
      style={{ left: state.x, top: state.y, zIndex: state.z }}
      aria-label={title}
      onPointerDown={onFocus}
      data-testid={`window-${state.id}`}
    >
      <div className="soviet-window__bar" onPointerDown={down} onPointerMove={moveTo} onPointerUp={up} onPointerCancel={up}>
        <span className="soviet-window__title">{title}</span>
        <button type="button" className="soviet-window__close" aria-label={`Close ${title}`} onClick={onClose}>
          ✕
        </button>
      </div>
      <div className="soviet-window__body">{children}</div>
    </section>
  );
}

function MyComputer({ session }: { session: SportsSession }) {
  const config = useSportsConfig();
  const level = config.data ? levelOf(session.studentId, config.data.levelPrefixes) : 'none';
  const { t } = useSportsT();
  return (
    <dl className="soviet-computer">
      <dt>{t('desktop.comrade')}</dt>
      <dd>{session.email ?? '-'}</dd>
      <dt>{t('studentId')}</dt>
      <dd>{session.studentId}</dd>
      <dt>{t('desktop.level')}</dt>
      <dd>{t(`levels.${level}`)}</dd>
      <dt>{t('desktop.role')}</dt>
      <dd>{t(`roles.${session.role}`)}</dd>
      <dt>{t('desktop.disk')}</dt>
      <dd>{t('desktop.diskValue')}</dd>
    </dl>
  );
}

function Taskbar({
  windows,
  startOpen,
  onToggleStart,
  onFocus,
  onLogout,
}: {
  windows: WindowState[];
  startOpen: boolean;
  onToggleStart(): void;
  onFocus(id: AppId): void;
  onLogout(): void;
}) {
  const now = useNow();
  const { t, language } = useSportsT();
  return (
    <div className="soviet-taskbar">
      <button type="button" className="soviet-taskbar__start" aria-expanded={startOpen} onClick={onToggleStart}>
        {t('desktop.start')}
      </button>
      {startOpen && (
        <div className="soviet-start-menu" role="menu">
          <button type="button" role="menuitem" onClick={onLogout}>
            {t('desktop.logOff')}
          </button>
        </div>
      )}
      <div className="soviet-taskbar__windows">
        {windows.map((w) => (
          <button key={w.id} type="button" onClick={() => onFocus(w.id)}>
            {t(`desktop.apps.${w.id}`)}
          </button>
        ))}
      </div>
      <time className="soviet-taskbar__clock" dateTime={now.toISOString()} data-testid="taskbar-clock">
        {schoolDateFormat(language, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(now)}
      </time>
    </div>
  );
}

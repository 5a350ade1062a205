import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
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
  /** The top it was last placed at (opened, shown, refitted): its height fits above the taskbar from there. */
  fitTop: number;
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
  const { t } = useSportsT();
  const windowElements = useRef(new Map<AppId, HTMLElement>());
  const iconElements = useRef(new Map<AppId, HTMLElement>());
  // The pointer that pressed an icon last: a mouse opens it with a double-click, as on a desktop; a
  // finger or pen with one tap, as on a phone's home screen (a single tap did nothing at all, and a
  // screen reader's double-tap on a phone is one click).
  const iconPointer = useRef('');

  // When the screen shrinks (a phone turned upright), a window placed on the wider one was left off it,
  // out of reach: each comes back on screen (issue 16 item 2).
  useEffect(() => {
    const refit = () => setWindows((ws) => ws.map((w) => ({ ...w, ...onScreen(w) })));
    window.addEventListener('resize', refit);
    return () => window.removeEventListener('resize', refit);
  }, []);

  const raise = (id: AppId) => setWindows((ws) => raised(ws, id));
  /** From its icon or taskbar button: the window opens or comes back on top, on screen, with focus. */
  const show = (id: AppId) => {
    // Rendered at once, so that a window opened just now can take the focus.
    flushSync(() =>
      setWindows((ws) => {
        const shown = ws.some((w) => w.id === id)
          ? ws.map((w) => (w.id === id ? { ...w, ...onScreen(w) } : w))
          : [...ws, { id, ...openingPlace(ws.length), z: topOf(ws) + 1 }];
        return raised(shown, id);
      }),
    );
    windowElements.current.get(id)?.focus();
  };
  const close = (id: AppId) => {
    // The window's focus would fall to <body> with it: back to the icon that opened it.
    iconElements.current.get(id)?.focus();
    setWindows((ws) => ws.filter((w) => w.id !== id));
  };
  const move = (id: AppId, x: number, y: number) => setWindows((ws) => ws.map((w) => (w.id === id ? { ...w, x, y } : w)));

  return (
    <div className="soviet-desktop" data-testid="soviet-desktop">
      <ul className="soviet-desktop__icons" aria-label={t('desktop.label')}>
        {icons.map((id) => (
          <li key={id}>
            <button
              ref={element(iconElements.current, id)}
              type="button"
              className="soviet-icon"
              onPointerDown={(e) => (iconPointer.current = e.pointerType)}
              onDoubleClick={() => show(id)}
              onClick={(e) => (e.detail === 0 || iconPointer.current !== 'mouse') && show(id)}
              title={t('desktop.open', { app: t(`desktop.apps.${id}`) })}
            >
              <span className="soviet-icon__image">{APPS[id].Icon()}</span>
              <span className="soviet-icon__label">{t(`desktop.apps.${id}`)}</span>
            </button>
          </li>
        ))}
      </ul>
      {/* Their own stacking layer, under the taskbar whatever their z (raised on every focus). */}
      <div className="soviet-desktop__windows">
        {windows.map((w) => (
          <SovietWindow
            key={w.id}
            elementRef={element(windowElements.current, w.id)}
            state={w}
            title={t(`desktop.apps.${w.id}`)}
            onClose={() => close(w.id)}
            onRaise={() => raise(w.id)}
            onMove={(x, y) => move(w.id, x, y)}
          >
            {w.id === 'computer' && <MyComputer session={session} />}
            {w.id === 'register' && <StudentSection session={session} onLoadFailure={onLoadFailure} />}
            {w.id === 'admin' && <AdminPanel session={session} onLoadFailure={onLoadFailure} />}
          </SovietWindow>
        ))}
      </div>
      <Taskbar windows={windows} onShow={show} onLogout={onLogout} />
    </div>
  );
}

/** Keeps `map` holding the element rendered for `id`. */
const element = (map: Map<AppId, HTMLElement>, id: AppId) => (node: HTMLElement | null) => {
  if (node) map.set(id, node);
  else map.delete(id);
};

const topOf = (ws: WindowState[]) => Math.max(0, ...ws.map((w) => w.z));

/** `id` on top of the others; the same list when it already is, so a focus inside it renders nothing. */
function raised(ws: WindowState[], id: AppId): WindowState[] {
  const top = topOf(ws);
  return ws.some((w) => w.id === id && w.z < top) ? ws.map((w) => (w.id === id ? { ...w, z: top + 1 } : w)) : ws;
}

/**
 * The place nearest to (x, y) where a window is wholly on screen across, with room below its top, so
 * on a 390 px phone it sits at the left edge and fits (issue 16 item 2). The width matches
 * .soviet-window's min(46rem, 100vw - 1rem).
 */
function onScreen({ x, y }: { x: number; y: number }): { x: number; y: number; fitTop: number } {
  const width = Math.min(46 * 16, window.innerWidth - 16);
  const top = Math.max(8, Math.min(y, window.innerHeight - 240));
  return { x: Math.max(8, Math.min(x, window.innerWidth - width - 8)), y: top, fitTop: top };
}

/** Where the n-th window opens: cascaded as on a desktop, but on screen. */
const openingPlace = (n: number) => onScreen({ x: 140 + n * 36, y: 40 + n * 30 });

function SovietWindow({
  elementRef,
  state,
  title,
  children,
  onClose,
  onRaise,
  onMove,
}: {
  elementRef(node: HTMLElement | null): void;
  state: WindowState;
  title: string;
  children: ReactNode;
  onClose(): void;
  onRaise(): void;
  onMove(x: number, y: number): void;
}) {
  const { t } = useSportsT();
  const drag = useRef<{ dx: number; dy: number } | null>(null);
  const down = (event: ReactPointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    onRaise();
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
  const keyDown = (event: ReactKeyboardEvent<HTMLElement>) => {
    // Escape closes the window, as on a desktop; not an Escape a control inside already used, nor one
    // from a dialog opened from the window (a portal: its events bubble here through React).
    if (event.key !== 'Escape' || event.defaultPrevented || !event.currentTarget.contains(event.target as Node)) return;
    onClose();
  };
  return (
    <section
      ref={elementRef}
      className="soviet-window"
      // Placed, its bottom stays above the 2.75rem taskbar (at 844x390 the cascaded second window ended
      // 34 px under it, its last lines out of reach); dragged lower, it moves under it as on a desktop.
      style={{ left: state.x, top: state.y, zIndex: state.z, maxHeight: `calc(100% - ${state.fitTop}px - 3.25rem)` }}
      aria-label={title}
      tabIndex={-1}
      onPointerDown={onRaise}
      // Focus moving in by keyboard raises the window as a click does.
      onFocus={onRaise}
      onKeyDown={keyDown}
      data-testid={`window-${state.id}`}
    >
      <div className="soviet-window__bar" onPointerDown={down} onPointerMove={moveTo} onPointerUp={up} onPointerCancel={up}>
        <span className="soviet-window__title">{title}</span>
        <button type="button" className="soviet-window__close" aria-label={t('desktop.close', { app: title })} onClick={onClose}>
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

function Taskbar({ windows, onShow, onLogout }: { windows: WindowState[]; onShow(id: AppId): void; onLogout(): void }) {
  const now = useNow();
  const { t, language } = useSportsT();
  const [startOpen, setStartOpen] = useState(false);
  const start = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const startId = useId();
  const closeStart = () => {
    setStartOpen(false);
    start.current?.focus();
  };

  // The WAI-ARIA menu button's keyboard (role="menu" promises it): opening focuses the first item.
  useEffect(() => {
    if (!startOpen) return;
    menuItems(menu.current)[0]?.focus();
    // A click elsewhere closes the menu; focus goes back to Start unless the click put it somewhere.
    const outside = (event: MouseEvent) => {
      const target = event.target as Node;
      if (menu.current?.contains(target) || start.current?.contains(target)) return;
      setStartOpen(false);
      if (document.activeElement === document.body || menu.current?.contains(document.activeElement)) start.current?.focus();
    };
    document.addEventListener('click', outside);
    return () => document.removeEventListener('click', outside);
  }, [startOpen]);
  const menuKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const items = menuItems(menu.current);
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = ({ ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 } as Record<string, number>)[event.key];
    // Tab leaves the menu and closes it (WAI-ARIA menu button); it stayed open behind the focus.
    if (event.key === 'Tab') return setStartOpen(false);
    if (event.key === 'Escape') closeStart();
    else if (next !== undefined) items[(next + items.length) % items.length]?.focus();
    else return;
    event.preventDefault();
  };

  return (
    <div className="soviet-taskbar">
      <button
        ref={start}
        id={startId}
        type="button"
        className="soviet-taskbar__start"
        aria-haspopup="menu"
        aria-expanded={startOpen}
        onClick={() => setStartOpen((o) => !o)}
      >
        {t('desktop.start')}
      </button>
      {startOpen && (
        <div ref={menu} className="soviet-start-menu" role="menu" aria-labelledby={startId} onKeyDown={menuKeyDown}>
          <button type="button" role="menuitem" onClick={onLogout}>
            {t('desktop.logOff')}
          </button>
        </div>
      )}
      <div className="soviet-taskbar__windows">
        {windows.map((w) => (
          <button key={w.id} type="button" onClick={() => onShow(w.id)}>
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

const menuItems = (menu: HTMLElement | null) => [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

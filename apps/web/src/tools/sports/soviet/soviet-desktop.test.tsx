import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSportAnswer } from '@guildhall/testkit/sports-demo';
import { type Route, fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { withStylesheet } from '@/test-support/with-stylesheet';
import { schoolI18n } from '@/lib/i18n/school-i18n';
import type { SportsSession } from '../lib/session';
import { SovietDesktop } from './soviet-desktop';

// 002 §2 Soviet desktop: icons, draggable windows and a taskbar, usable by keyboard too.
const session: SportsSession = { token: 't0k', role: 'student', userId: 1, studentId: '68961917', email: 'comrade@school.test' };
const config = { sovietStudentId: '68961917', levelPrefixes: { morton: ['6896'], morplai: ['6898'] }, timeZone: 'Asia/Bangkok' };

function renderDesktop(as: SportsSession = session, routes: Record<string, Route> = {}) {
  fakeServer({ 'GET /sports/api/config': () => [200, config], ...routes });
  const onLogout = vi.fn();
  // Inside the screen SovietMode draws around it, whose class carries the costume's colours.
  renderWithApp(
    <div className="soviet soviet--desktop">
      <SovietDesktop session={as} onLoadFailure={vi.fn()} onLogout={onLogout} />
    </div>,
  );
  return { onLogout };
}

/** A sports lead's desktop (the Soviet student ID may be configured to a lead's), its Admin Panel's calls answered. */
const renderLeadDesktop = () =>
  renderDesktop(
    { ...session, role: 'sports_lead', studentId: '90000004' },
    {
      'GET /sports/api/sports': () => [200, [makeSportAnswer(1, { name: 'Futsal' })]],
      'GET /sports/api/settings/registration-status': () => [200, { isRegistrationOpen: true }],
      'GET /sports/api/admin/sport-registrations': () => [200, []],
      'GET /sports/api/admin/registration-counts': () => [
        200,
        { sport_id: 1, total_spots: 10, counts: { pending_selection: 0, selected: 0, reserve: 0, not_selected: 0 } },
      ],
    },
  );

/** WCAG's contrast ratio of two computed colours ('#rrggbb' or 'rgb(r, g, b)'). */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const hex = /^#([\da-f]{2})([\da-f]{2})([\da-f]{2})$/i.exec(color);
    const channels = hex ? hex.slice(1).map((h) => parseInt(h, 16)) : (color.match(/\d+/g) ?? []).slice(0, 3).map(Number);
    expect(channels, `a colour: ${color}`).toHaveLength(3);
    const [r, g, b] = channels.map((c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)) as [
      number,
      number,
      number,
    ];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const withSovietStyles = () => {
  withStylesheet(import.meta.url, '../../../ui/tokens.css');
  withStylesheet(import.meta.url, '../sports.css');
  withStylesheet(import.meta.url, './soviet.css');
};
const colorScheme = (scheme: 'light' | 'dark') => {
  (
    window as unknown as { happyDOM: { settings: { device: { prefersColorScheme: string } } } }
  ).happyDOM.settings.device.prefersColorScheme = scheme;
};

const icon = (name: string, desktop = 'Desktop') => within(screen.getByRole('list', { name: desktop })).getByRole('button', { name });
const start = () => screen.getByRole('button', { name: '☭ Start' });

describe('002 §2 Soviet desktop', () => {
  let size: { width: number; height: number };
  beforeEach(() => {
    size = { width: window.innerWidth, height: window.innerHeight };
  });
  afterEach(async () => {
    Object.assign(window, { innerWidth: size.width, innerHeight: size.height });
    colorScheme('light');
    await schoolI18n.changeLanguage('en');
  });

  it('in dark mode the windows keep the costume light: the admin table header is readable (ARCHITECTURE.md §9)', async () => {
    colorScheme('dark');
    withSovietStyles();
    renderLeadDesktop();
    fireEvent.click(icon('Admin Panel'), { detail: 0 });
    const header = await screen.findByRole('columnheader', { name: 'Student ID' });
    // The kit's dark --color-surface-sunken (#1f2630) under the costume's dark text was 1.2:1.
    const { color, backgroundColor } = getComputedStyle(header);
    expect(contrast(color, backgroundColor)).toBeGreaterThanOrEqual(4.5);
  });

  it('focus rings show on the beige windows and Start menu, not gold on beige (ARCHITECTURE.md §9: visible focus)', async () => {
    withSovietStyles();
    renderLeadDesktop();
    fireEvent.click(icon('Admin Panel'), { detail: 0 });
    const surface = getComputedStyle(screen.getByTestId('window-admin')).backgroundColor;
    // By its text: a role query computes the button's style before the focus, and happy-dom keeps it.
    const print = (await screen.findByText('Print list')).closest('button')!;
    act(() => print.focus());
    expect(contrast(getComputedStyle(print).outlineColor, surface)).toBeGreaterThanOrEqual(3);

    await userEvent.click(start());
    const logOff = screen.getByRole('menuitem', { name: 'Log off' });
    expect(logOff).toHaveFocus();
    expect(
      contrast(getComputedStyle(logOff).outlineColor, getComputedStyle(screen.getByRole('menu')).backgroundColor),
    ).toBeGreaterThanOrEqual(3);
    // On the red desktop the ring stays gold.
    await userEvent.keyboard('{Escape}');
    expect(contrast(getComputedStyle(start()).outlineColor, '#4a0808')).toBeGreaterThanOrEqual(3);
  });

  it('the taskbar, and so its Start menu, is a layer above every window', async () => {
    withStylesheet(import.meta.url, './soviet.css');
    renderDesktop();
    fireEvent.click(icon('My Computer'), { detail: 0 });
    fireEvent.click(icon('Register Sport'), { detail: 0 });
    await userEvent.click(start());
    const layer = screen.getByTestId('window-computer').parentElement!;
    const taskbar = start().parentElement!;
    // However high the windows' z-index climbs (every focus raises one), it stays inside their layer,
    // a stacking context under the taskbar's; the menu is inside the taskbar.
    expect(layer).toHaveClass('soviet-desktop__windows');
    expect(layer.parentElement).toBe(taskbar.parentElement);
    expect(taskbar).toContainElement(screen.getByRole('menu'));
    expect([getComputedStyle(layer).position, getComputedStyle(layer).zIndex]).toEqual(['absolute', '0']);
    expect(getComputedStyle(taskbar).position).toBe('absolute');
    expect(Number(getComputedStyle(taskbar).zIndex)).toBeGreaterThan(0);
  });

  it("on a 390 px phone the taskbar's window buttons shrink to an ellipsis, not cut off with their focus ring", () => {
    // Measured in Chromium at 390 px with two windows open: 'Register Sport' showed as 'Register' and
    // its focus ring was clipped by the strip. Happy-dom lays nothing out, so this reads the rules.
    withSovietStyles();
    renderDesktop();
    fireEvent.click(icon('My Computer'), { detail: 0 });
    fireEvent.click(icon('Register Sport'), { detail: 0 });
    const strip = document.querySelector<HTMLElement>('.soviet-taskbar__windows')!;
    expect(getComputedStyle(strip).overflow).not.toBe('hidden');
    expect(getComputedStyle(strip).minWidth).toMatch(/^0(px)?$/);
    for (const button of within(strip).getAllByRole('button')) {
      const style = getComputedStyle(button);
      expect([style.minWidth, style.overflow, style.textOverflow]).toEqual([expect.stringMatching(/^0(px)?$/), 'hidden', 'ellipsis']);
    }
    expect(within(strip).getByRole('button', { name: 'Register Sport' })).toBeInTheDocument();
  });

  it('one tap of a finger opens an icon (a phone); a mouse still needs the double-click (a desktop)', async () => {
    renderDesktop();
    await userEvent.click(icon('My Computer'));
    expect(screen.queryByTestId('window-computer')).toBeNull();
    await userEvent.dblClick(icon('My Computer'));
    expect(screen.getByTestId('window-computer')).toHaveFocus();

    await userEvent.pointer({ keys: '[TouchA]', target: icon('Register Sport') });
    expect(screen.getByTestId('window-register')).toHaveFocus();
  });

  it('Enter on an icon opens its window with focus in it; Escape closes it and focus goes back to the icon', async () => {
    renderDesktop();
    icon('My Computer').focus();
    await userEvent.keyboard('{Enter}');
    const win = screen.getByRole('region', { name: 'My Computer' });
    expect(win).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'My Computer' })).toBeNull();
    expect(icon('My Computer')).toHaveFocus();
  });

  it('the close button closes the window and gives focus back to its icon; its name is in the reader language', async () => {
    renderDesktop();
    fireEvent.click(icon('My Computer'), { detail: 0 });
    await userEvent.click(screen.getByRole('button', { name: 'Close My Computer' }));
    expect(screen.queryByTestId('window-computer')).toBeNull();
    expect(icon('My Computer')).toHaveFocus();

    await act(() => schoolI18n.changeLanguage('th'));
    fireEvent.click(icon('คอมพิวเตอร์ของฉัน', 'เดสก์ท็อป'), { detail: 0 });
    expect(within(screen.getByTestId('window-computer')).getByRole('button', { name: 'ปิด คอมพิวเตอร์ของฉัน' })).toBeInTheDocument();
  });

  it('focus moving into a window raises it; its taskbar button raises it and moves focus into it', async () => {
    renderDesktop();
    fireEvent.click(icon('My Computer'), { detail: 0 });
    fireEvent.click(icon('Register Sport'), { detail: 0 });
    const z = (id: string) => Number(screen.getByTestId(`window-${id}`).style.zIndex);
    expect(z('register')).toBeGreaterThan(z('computer'));

    act(() => within(screen.getByTestId('window-computer')).getByRole('button', { name: 'Close My Computer' }).focus());
    expect(z('computer')).toBeGreaterThan(z('register'));

    const taskbar = document.querySelector<HTMLElement>('.soviet-taskbar__windows')!;
    await userEvent.click(within(taskbar).getByRole('button', { name: 'Register Sport' }));
    expect(z('register')).toBeGreaterThan(z('computer'));
    expect(screen.getByTestId('window-register')).toHaveFocus();
  });

  it('after the screen shrinks (a phone turned), windows are brought back onto it', () => {
    Object.assign(window, { innerWidth: 1280, innerHeight: 800 });
    renderDesktop();
    fireEvent.click(icon('My Computer'), { detail: 0 });
    fireEvent.click(icon('Register Sport'), { detail: 0 });
    const place = (id: string) => {
      const { left, top } = screen.getByTestId(`window-${id}`).style;
      return { x: parseFloat(left), y: parseFloat(top) };
    };
    expect(place('register')).toEqual({ x: 176, y: 70 });

    act(() => {
      Object.assign(window, { innerWidth: 390, innerHeight: 844 });
      window.dispatchEvent(new Event('resize'));
    });
    // .soviet-window is min(46rem, 100vw - 1rem) wide: on a 390 px screen it fits only at x = 8.
    expect(place('computer').x).toBe(8);
    expect(place('register').x).toBe(8);

    act(() => {
      Object.assign(window, { innerWidth: 844, innerHeight: 390 });
      window.dispatchEvent(new Event('resize'));
    });
    expect(place('register').y).toBeLessThanOrEqual(390 - 240);
  });

  it('a placed window ends above the taskbar; dragged lower, it keeps its height and goes under it', () => {
    Object.assign(window, { innerWidth: 844, innerHeight: 390 });
    renderDesktop();
    fireEvent.click(icon('My Computer'), { detail: 0 });
    fireEvent.click(icon('Register Sport'), { detail: 0 });
    const win = screen.getByTestId('window-register');
    // Cascaded to top 70: its height is what is left above the 2.75rem taskbar and a 0.5rem gap.
    expect(win.style.top).toBe('70px');
    expect(win.style.maxHeight).toBe('calc(100% - 70px - 3.25rem)');

    const bar = win.querySelector<HTMLElement>('.soviet-window__bar')!;
    fireEvent.pointerDown(bar, { clientX: 300, clientY: 80, pointerId: 1 });
    fireEvent.pointerMove(bar, { clientX: 300, clientY: 200, pointerId: 1 });
    fireEvent.pointerUp(bar, { pointerId: 1 });
    expect(win.style.top).toBe('190px');
    expect(win.style.maxHeight).toBe('calc(100% - 70px - 3.25rem)');
  });

  it('a window left off screen comes back onto it when shown again from its icon or taskbar button', async () => {
    Object.assign(window, { innerWidth: 1280, innerHeight: 800 });
    renderDesktop();
    fireEvent.click(icon('My Computer'), { detail: 0 });
    const win = screen.getByTestId('window-computer');
    expect(win.style.left).toBe('140px');
    // The screen shrinks without a resize event reaching the page (it was in the background).
    Object.assign(window, { innerWidth: 390 });
    const taskbar = document.querySelector<HTMLElement>('.soviet-taskbar__windows')!;
    await userEvent.click(within(taskbar).getByRole('button', { name: 'My Computer' }));
    expect(win.style.left).toBe('8px');
    Object.assign(window, { innerWidth: 200 });
    fireEvent.click(icon('My Computer'), { detail: 0 });
    expect(win.style.left).toBe('8px');
  });

  describe('the Start menu (WAI-ARIA menu button)', () => {
    it('opening it focuses the first item; Escape closes it and focus goes back to Start', async () => {
      renderDesktop();
      await userEvent.click(start());
      expect(start()).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByRole('menu', { name: '☭ Start' })).toBeInTheDocument();
      expect(screen.getByRole('menuitem', { name: 'Log off' })).toHaveFocus();
      await userEvent.keyboard('{Escape}');
      expect(screen.queryByRole('menu')).toBeNull();
      expect(start()).toHaveFocus();
    });

    it('the arrow keys move between the items, round the end', async () => {
      renderDesktop();
      await userEvent.click(start());
      const logOff = screen.getByRole('menuitem', { name: 'Log off' });
      await userEvent.keyboard('{ArrowDown}');
      expect(logOff).toHaveFocus();
      await userEvent.keyboard('{ArrowUp}');
      expect(logOff).toHaveFocus();
      await userEvent.keyboard('{End}');
      expect(logOff).toHaveFocus();
    });

    it('Tab leaves it and closes it', async () => {
      renderDesktop();
      await userEvent.click(start());
      await userEvent.tab();
      // Where focus lands is the browser's (Chromium: the taskbar button after the menu).
      expect(screen.queryByRole('menu')).toBeNull();
      expect(start()).toHaveAttribute('aria-expanded', 'false');
    });

    it('a click outside closes it and gives focus back to Start; Log off logs off', async () => {
      const { onLogout } = renderDesktop();
      await userEvent.click(start());
      await userEvent.click(screen.getByTestId('soviet-desktop'));
      expect(screen.queryByRole('menu')).toBeNull();
      expect(start()).toHaveFocus();
      await userEvent.click(start());
      await userEvent.click(screen.getByRole('menuitem', { name: 'Log off' }));
      expect(onLogout).toHaveBeenCalledOnce();
    });
  });
});

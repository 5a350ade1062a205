import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { withStylesheet } from '@/test-support/with-stylesheet';
import { schoolI18n } from '@/lib/i18n/school-i18n';
import type { SportsSession } from '../lib/session';
import { SovietDesktop } from './soviet-desktop';

// 002 §2 Soviet desktop: icons, draggable windows and a taskbar, usable by keyboard too.
const session: SportsSession = { token: 't0k', role: 'student', userId: 1, studentId: '68961917', email: 'comrade@school.test' };
const config = { sovietStudentId: '68961917', levelPrefixes: { morton: ['6896'], morplai: ['6898'] }, timeZone: 'Asia/Bangkok' };

function renderDesktop() {
  fakeServer({ 'GET /sports/api/config': () => [200, config] });
  const onLogout = vi.fn();
  renderWithApp(<SovietDesktop session={session} onLoadFailure={vi.fn()} onLogout={onLogout} />);
  return { onLogout };
}

const icon = (name: string, desktop = 'Desktop') => within(screen.getByRole('list', { name: desktop })).getByRole('button', { name });
const start = () => screen.getByRole('button', { name: '☭ Start' });

describe('002 §2 Soviet desktop', () => {
  let size: { width: number; height: number };
  beforeEach(() => {
    size = { width: window.innerWidth, height: window.innerHeight };
  });
  afterEach(async () => {
    Object.assign(window, { innerWidth: size.width, innerHeight: size.height });
    await schoolI18n.changeLanguage('en');
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

import { act, renderHook } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAfter, useTicks } from './scaled-clock';

describe('useTicks (the one clock of 002 §4, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a second run shows 0 from its first committed render, so a 0 ms useAfter on the count waits for the new run', () => {
    // The portfolio's shape: after 3 ticks a 0 ms useAfter ends the stage (002 §4 alert lines). A
    // count left from the last run, even for one commit, schedules that 0 ms timer at once; whether
    // the reset or the timer came first was a race the timer could win (the second wrong password).
    const done = vi.fn();
    const committed: number[] = [];
    const { rerender } = renderHook(
      ({ active }) => {
        const ticks = useTicks(active, 100);
        useAfter(active && ticks >= 3, 0, done);
        useLayoutEffect(() => {
          committed.push(ticks);
        });
        return ticks;
      },
      { initialProps: { active: true } },
    );
    act(() => vi.advanceTimersByTime(300));
    expect(committed.at(-1)).toBe(3);
    act(() => vi.runOnlyPendingTimers());
    expect(done).toHaveBeenCalledTimes(1);

    rerender({ active: false });
    committed.length = 0;
    rerender({ active: true });
    expect(committed).toEqual([0]);
    act(() => vi.advanceTimersByTime(250));
    expect(done).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(50));
    expect(committed.at(-1)).toBe(3);
    act(() => vi.advanceTimersByTime(0));
    expect(done).toHaveBeenCalledTimes(2);
  });
});

import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETUP_PROGRESS_INTERVAL_MS } from '../constants';
import { useSetupProgress } from './useSetupProgress';

describe('the set-up progress bar', () => {
  afterEach(() => vi.useRealTimers());

  it('rises by 20 % every 0.6 s and stops at 100 %', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useSetupProgress());
    const seen = [result.current];
    for (let i = 0; i < 7; i++) {
      act(() => vi.advanceTimersByTime(SETUP_PROGRESS_INTERVAL_MS));
      seen.push(result.current);
    }
    expect(seen).toEqual([0, 20, 40, 60, 80, 100, 100, 100]);
    expect(SETUP_PROGRESS_INTERVAL_MS).toBe(600);
  });
});

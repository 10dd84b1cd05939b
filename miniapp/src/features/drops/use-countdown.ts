import { useEffect, useState } from 'react';

/**
 * Milliseconds until `at` (ISO time), updated every second and once more at zero, so whatever waits for
 * the drop (Buy Now) becomes available without a reload. 0 when `at` is null or past.
 *
 * Every wake-up bumps a counter rather than storing the time: a timer that fires within the same
 * millisecond as the last render (timers and the wall clock drift apart) must still re-render, or the
 * countdown would stop short of zero.
 */
export function useCountdown(at: string | null): number {
  const target = at ? Date.parse(at) : 0;
  const [tick, setTick] = useState(0);
  const left = Math.max(0, target - Date.now());
  useEffect(() => {
    if (left <= 0) return;
    // Wake on the next whole second of the countdown (at least 20 ms on), not on a drifting interval.
    const timer = setTimeout(() => setTick((n) => n + 1), Math.max(20, left % 1000 || 1000));
    return () => clearTimeout(timer);
  }, [tick, target, left]);
  return left;
}

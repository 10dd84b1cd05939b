import { useEffect, useState } from 'react';

/**
 * Milliseconds until `at` (ISO time), updated every second and once more exactly at zero, so whatever
 * waits for the drop (Buy Now) becomes available without a reload. 0 when `at` is null or past.
 */
export function useCountdown(at: string | null): number {
  const target = at ? Date.parse(at) : 0;
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, target - now);
  useEffect(() => {
    if (left <= 0) return;
    // Wake on the next whole second of the countdown (or at zero), not on a drifting interval.
    const timer = setTimeout(() => setNow(Date.now()), left % 1000 || 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return left;
}

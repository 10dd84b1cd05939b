import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Renders its children once the screen around it is on the page, as a transition of their own: what lies
 * below a detail page's first screen (actions, statistics, the market, offers, provenance) is no longer
 * built and laid out in the same task as the first screen. That task took 21–32 ms on a 2-core test machine,
 * 80–130 ms in Lighthouse's simulated phone, the largest share of a pack's or an edition's TBT;
 * taps on Buy now wait for less.
 */
export function AfterFirstScreen({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown ? children : null;
}

import { useState } from 'react';
import { useFormat } from '../i18n/format';

/**
 * "2 hr. ago", with the exact time as its tooltip on hover and shown in place on a tap (a phone has no hover);
 * a second tap goes back, in the chosen language. `now` is for tests; the page reads the clock when it renders.
 */
export function RelativeTime({ at, now }: { at: string; now?: Date }) {
  const [exact, setExact] = useState(false);
  const format = useFormat();
  const full = format.dateTime(at);
  return (
    <button
      type="button"
      className="relative-time"
      title={full}
      aria-pressed={exact}
      onClick={() => setExact((shown) => !shown)}
    >
      <time dateTime={at}>{exact ? full : format.relative(at, now ?? new Date())}</time>
    </button>
  );
}

import { formatLockDate } from '@stickerdrop/shared';

/**
 * A Stars-lock text from shared ("Resellable from 14 Dec 2026, 00:06 UTC") with its date kept on one line:
 * on a phone a wrap inside the date would leave "UTC" or the time alone on the next line.
 */
export function LockDateText({ text, at }: { text: string; at: string | null }) {
  if (!at) return <>{text}</>;
  const date = formatLockDate(at);
  const start = text.lastIndexOf(date);
  if (start < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, start)}
      <time className="lock-date" dateTime={at}>
        {date}
      </time>
      {text.slice(start + date.length)}
    </>
  );
}

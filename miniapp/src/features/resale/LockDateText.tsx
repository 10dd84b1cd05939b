import { formatLockDate } from '@stickerdrop/shared';
import type { Formats } from '../../i18n/format';

/**
 * When a Stars lock ends, in UTC and to the minute: in English the words of the API's refusal and the bot
 * ("14 Dec 2026, 00:06 UTC"), in another language Intl's ("14 дек. 2026 г., 00:06 UTC").
 */
export function lockDateIn(format: Formats, at: string): string {
  if (format.language === 'en') return formatLockDate(at);
  const options: Intl.DateTimeFormatOptions = {
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h23',
    timeZone: 'UTC',
  };
  return `${format.date(at, options)}\u00a0UTC`;
}

/**
 * A text holding a Stars lock's date ("Resellable from 14 Dec 2026, 00:06 UTC") with the date kept on one
 * line: on a phone a wrap inside it would leave "UTC" or the time alone on the next line.
 */
export function LockDateText({ text, date, at }: { text: string; date: string; at: string }) {
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

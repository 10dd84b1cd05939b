import { exactTime, relativeTime } from './relative-time';

/** What this worker's global scope offers that the page's typings (DOM, not WebWorker) do not name. */
interface WorkerScope {
  onmessage: ((event: MessageEvent<string[]>) => void) | null;
  postMessage(message: null): void;
}

const scope = self as unknown as WorkerScope;

/**
 * Makes, in each locale it is sent, the kinds of format the page makes first (dates, times, relative
 * times, numbers, compact numbers), then says so. The formats are thrown away: what stays is the locale's
 * data that ICU loaded for them, which belongs to the process and so serves the page's own thread too.
 */
scope.onmessage = ({ data: locales }) => {
  const now = new Date();
  for (const locale of locales) {
    new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' }).format(now);
    exactTime(now, locale);
    relativeTime(now, now, locale);
    new Intl.NumberFormat(locale).format(0);
    new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(0);
  }
  scope.postMessage(null);
};

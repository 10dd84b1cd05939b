import type { PricePoint } from '@stickerdrop/shared';
import type { Formats } from '../../i18n/format';

const DAY_MS = 86_400_000;

/** A numeric range mapped onto pixels; `ticks` are the values labelled on its axis. */
export interface Axis {
  min: number;
  max: number;
  ticks: number[];
}

/** The price axis: every sale and the floor inside it, with a margin, labelled at its ends and middle. */
export function priceAxis(points: readonly PricePoint[], floor: number | null): Axis {
  const values = points.map((point) => Number(point.price));
  if (floor !== null) values.push(floor);
  let min = Math.min(...values);
  let max = Math.max(...values);
  // One price only: a band around it, so the line sits in the middle instead of on an edge.
  const pad = max > min ? (max - min) * 0.12 : Math.max(max * 0.1, 0.1);
  min = Math.max(0, min - pad);
  max += pad;
  return { min, max, ticks: [min, (min + max) / 2, max] };
}

/** The time axis: the first to the last sale, labelled at the ends (and the middle when it spans days). */
export function timeAxis(points: readonly PricePoint[]): Axis {
  const times = points.map((point) => Date.parse(point.at));
  const first = Math.min(...times);
  const last = Math.max(...times);
  // Sales within a day: one date, in the middle of a day-wide band.
  if (last - first < DAY_MS) {
    const middle = (first + last) / 2;
    return { min: middle - DAY_MS / 2, max: middle + DAY_MS / 2, ticks: [middle] };
  }
  const ticks = last - first > 2 * DAY_MS ? [first, (first + last) / 2, last] : [first, last];
  return { min: first, max: last, ticks };
}

/** Where a value falls between two pixel positions (`from` at the axis minimum). */
export function scale(axis: Axis, value: number, from: number, to: number): number {
  return from + ((value - axis.min) / (axis.max - axis.min)) * (to - from);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A day on a chart's axis, day first, in the chosen language: "26 Nov" / "26 нояб." (English in en-GB's
 * order, as the axis has always read). One formatter per locale: toLocaleDateString builds one per call, and
 * a chart labels every point (a pack page's render once spent most of a 100 ms task there).
 */
export function chartDay(format: Formats, time: number): string {
  const locale = format.language === 'en' ? 'en-GB' : format.locale;
  let day = dayFormats.get(locale);
  if (!day) dayFormats.set(locale, (day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' })));
  return day.format(time);
}

/** A price on a chart's axis with two decimals in the chosen language's digits: "3.08" / "3,08". */
export const chartPrice = (format: Formats, value: number) =>
  format.number(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

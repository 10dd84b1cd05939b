import type { PricePoint } from '@stickerdrop/shared';
import type { Formats } from '../../i18n/format';

const DAY_MS = 86_400_000;

/** A numeric range mapped onto pixels; `ticks` are the values labelled on its axis. */
export interface Axis {
  min: number;
  max: number;
  ticks: number[];
}

/**
 * A round step for about `intervals` intervals over `range`: 1, 2, 2.5 or 5 times a power of ten, so the
 * labels read 2.50, 2.75, 3.00 rather than 2.48, 2.75, 3.03.
 */
export function roundStep(range: number, intervals = 2): number {
  const raw = range / intervals;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/**
 * The price axis: every sale and the floor inside it, from a round value below the cheapest to a round value
 * above the dearest, labelled at every round step between (three to five labels).
 */
export function priceAxis(points: readonly PricePoint[], floor: number | null): Axis {
  const values = points.map((point) => Number(point.price));
  if (floor !== null) values.push(floor);
  const low = Math.min(...values);
  const high = Math.max(...values);
  // One price only: a band around it, so the line sits in the middle instead of on an edge.
  const range = high > low ? high - low : Math.max(high * 0.2, 0.2);
  const step = roundStep(range);
  // A little room beyond the extremes, so no sale sits on the plot's edge.
  const margin = high > low ? range * 0.05 : range / 2;
  const min = Math.max(0, Math.floor((low - margin) / step) * step);
  const max = Math.ceil((high + margin) / step) * step;
  const ticks: number[] = [];
  // Rounded to the step's own decimals: adding 0.1 three times is not 0.3 in floating point.
  for (let tick = min; tick <= max + step / 2; tick += step) ticks.push(Number(tick.toFixed(6)));
  return { min, max, ticks };
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

/** Sales drawn as one mark: equal in price and kind, and so close in time their dots would cover each other. */
export interface SaleMark<T> {
  /** The latest of them, which the mark describes. */
  last: T;
  count: number;
  cx: number;
  cy: number;
}

/**
 * Groups consecutive sales of one price and kind whose dots fall within `apart` pixels of the one before
 * (a finger's target, so two marks never share a tap); a group's mark stands at the middle of its sales.
 */
export function saleMarks<T extends { point: PricePoint; cx: number; cy: number }>(
  coords: readonly T[],
  apart = 16,
): SaleMark<T>[] {
  const marks: SaleMark<T>[] = [];
  let first = 0;
  for (const coord of coords) {
    const previous = marks.at(-1);
    const same =
      previous &&
      previous.last.point.price === coord.point.price &&
      previous.last.point.kind === coord.point.kind &&
      Math.abs(coord.cx - previous.last.cx) < apart;
    if (same) {
      previous.last = coord;
      previous.count += 1;
      previous.cx = (first + coord.cx) / 2;
    } else {
      first = coord.cx;
      marks.push({ last: coord, count: 1, cx: coord.cx, cy: coord.cy });
    }
  }
  return marks;
}

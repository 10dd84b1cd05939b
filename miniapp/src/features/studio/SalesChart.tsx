import { useState } from 'react';
import { CURRENCY, type StudioDay } from '@stickerdrop/shared';
import { useFormat, type Formats } from '../../i18n/format';
import { useT, type Translate } from '../../i18n/translate';
import { chartDay, chartPrice, scale, type Axis } from '../resale/price-chart-scale';
import { studioTexts, type StudioKey } from './messages';

const WIDTH = 320;
const HEIGHT = 150;
// The price chart's frame: TON labels on the left with the unit above them, dates below.
const PLOT = { left: 40, right: WIDTH - 8, top: 18, bottom: HEIGHT - 22 };
/** The chart shows the most recent days with sales; the CSV has them all. */
const MAX_DAYS = 30;

/** A studio day ("2026-11-26", in UTC) as its first millisecond. */
const dayTime = (day: string) =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const income = (day: StudioDay) => Number(day.revenue) + Number(day.royalties);
/** One day in words: "26 Nov: 3 sold, 4.50 TON revenue, 0.20 TON royalties". */
function describeWith(t: Translate<StudioKey>, format: Formats) {
  return (day: StudioDay) =>
    t('studio.chart.day', {
      day: chartDay(format, dayTime(day.day)),
      sold: day.sold,
      revenue: format.ton(day.revenue),
      royalties: format.ton(day.royalties),
    });
}

/**
 * What the creator's packs brought in per day (the days with sales): a bar per day, first-hand revenue
 * below and royalties stacked on top, on the price chart's axes. Drawn by hand, like the price chart.
 */
export function SalesChart({ days }: { days: StudioDay[] }) {
  const [active, setActive] = useState<number | null>(null);
  const t = useT(studioTexts);
  const format = useFormat();
  const describe = describeWith(t, format);
  if (days.length === 0) return <p className="muted">{t('studio.chart.empty')}</p>;
  const shown = days.slice(-MAX_DAYS);
  const top = Math.max(...shown.map(income)) * 1.1 || 1;
  const money: Axis = { min: 0, max: top, ticks: [0, top / 2, top] };
  const y = (value: number) => scale(money, value, PLOT.bottom, PLOT.top);
  const slot = (PLOT.right - PLOT.left) / shown.length;
  const barWidth = Math.min(24, slot * 0.7);
  const x = (i: number) => PLOT.left + slot * i + (slot - barWidth) / 2;
  const readout = shown[active ?? shown.length - 1]!;
  const first = shown[0]!;
  const last = shown.at(-1)!;

  return (
    <figure className="price-chart sales-chart" data-testid="sales-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="group"
        aria-label={t('studio.chart.label', { count: shown.length })}
      >
        <g className="price-chart__axis" aria-hidden="true">
          {money.ticks.map((tick) => (
            <g key={tick}>
              <line x1={PLOT.left} x2={PLOT.right} y1={y(tick)} y2={y(tick)} className="price-chart__grid" />
              <text x={PLOT.left - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle">
                {chartPrice(format, tick)}
              </text>
            </g>
          ))}
          <text x={PLOT.left - 6} y={7} textAnchor="end" className="price-chart__unit" dominantBaseline="middle">
            {CURRENCY}
          </text>
          <text x={PLOT.left} y={HEIGHT - 5} textAnchor="start">
            {chartDay(format, dayTime(first.day))}
          </text>
          {shown.length > 1 ? (
            <text x={PLOT.right} y={HEIGHT - 5} textAnchor="end">
              {chartDay(format, dayTime(last.day))}
            </text>
          ) : null}
        </g>
        {shown.map((day, i) => {
          const revenueTop = y(Number(day.revenue));
          const incomeTop = y(income(day));
          return (
            <g
              key={day.day}
              role="button"
              tabIndex={0}
              aria-label={describe(day)}
              aria-pressed={active === i}
              className="sales-chart__day"
              onMouseEnter={() => setActive(i)}
              onFocus={() => setActive(i)}
              onClick={() => setActive(i)}
            >
              <rect
                x={x(i)}
                y={revenueTop}
                width={barWidth}
                height={PLOT.bottom - revenueTop}
                className="sales-chart__revenue"
              />
              <rect
                x={x(i)}
                y={incomeTop}
                width={barWidth}
                height={revenueTop - incomeTop}
                className="sales-chart__royalties"
              />
            </g>
          );
        })}
      </svg>
      <figcaption>
        <span className="price-chart__readout" aria-live="polite" data-testid="sales-chart-readout">
          {describe(readout)}
        </span>
        <span className="price-chart__legend muted">
          <span className="sales-chart__key sales-chart__key--revenue">{t('studio.chart.keySales')}</span>
          <span className="sales-chart__key sales-chart__key--royalties">{t('studio.chart.keyRoyalties')}</span>
        </span>
      </figcaption>
    </figure>
  );
}

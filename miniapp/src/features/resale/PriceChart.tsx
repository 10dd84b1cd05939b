import { useState } from 'react';
import { CURRENCY, type PricePoint } from '@stickerdrop/shared';
import { useFormat, type Formats } from '../../i18n/format';
import { useT, type Translate } from '../../i18n/translate';
import { resaleTexts, type ResaleKey } from './messages';
import { chartDay, chartPrice, priceAxis, saleMarks, scale, timeAxis, type SaleMark } from './price-chart-scale';

const WIDTH = 320;
const HEIGHT = 176;
// Room for the price labels on the left, the unit above them and the dates below.
const PLOT = { left: 40, right: WIDTH - 12, top: 22, bottom: HEIGHT - 24 };

const KIND_LABEL: Record<PricePoint['kind'], ResaleKey> = {
  primary: 'resale.chart.primarySale',
  resale: 'resale.chart.resale',
};

/** One sale in words: "#40 · 3.40 TON · 24 Nov · resale". */
function describeWith(t: Translate<ResaleKey>, format: Formats) {
  return (point: PricePoint) =>
    t('resale.chart.point', {
      serial: t('resale.serial', { serial: String(point.serial) }),
      price: format.ton(point.price),
      day: chartDay(format, Date.parse(point.at)),
      kind: t(KIND_LABEL[point.kind]),
    });
}

/**
 * The last 30 days of sales: prices against dates on labelled axes, a point per sale (filled for a resale,
 * hollow for a primary sale) whose price shows on tap, hover or focus, and the floor as a dashed line.
 * Drawn by hand: a chart library would cost more than the whole pack page. Never in Home's chunk.
 */
export function PriceChart({ points, floorPrice }: { points: PricePoint[]; floorPrice: string | null }) {
  const [active, setActive] = useState<number | null>(null);
  const t = useT(resaleTexts);
  const format = useFormat();
  const describe = describeWith(t, format);
  if (points.length === 0) return <p className="muted">{t('resale.chart.empty')}</p>;
  if (points.length === 1) {
    return (
      <p className="muted" data-testid="price-chart-single">
        {t('resale.chart.single', { sale: describe(points[0]!) })}
      </p>
    );
  }
  const floor = floorPrice === null ? null : Number(floorPrice);
  const prices = priceAxis(points, floor);
  const times = timeAxis(points);
  const x = (time: number) => scale(times, time, PLOT.left, PLOT.right);
  const y = (price: number) => scale(prices, price, PLOT.bottom, PLOT.top);
  const coords = points.map((point) => ({ point, cx: x(Date.parse(point.at)), cy: y(Number(point.price)) }));
  const marks = saleMarks(coords);
  const said = (mark: SaleMark<{ point: PricePoint }>) =>
    mark.count === 1
      ? describe(mark.last.point)
      : t('resale.chart.group', { count: mark.count, sale: describe(mark.last.point) });
  const shown = marks[active ?? marks.length - 1]!;
  const line = coords.map(({ cx, cy }, i) => `${i === 0 ? 'M' : 'L'}${cx.toFixed(1)},${cy.toFixed(1)}`).join(' ');

  return (
    <figure className="price-chart" data-testid="price-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="group"
        aria-label={t('resale.chart.label', { count: points.length })}
      >
        <g className="price-chart__axis" aria-hidden="true">
          {prices.ticks.map((tick) => (
            <g key={`y${tick}`}>
              <line x1={PLOT.left} x2={PLOT.right} y1={y(tick)} y2={y(tick)} className="price-chart__grid" />
              <text x={PLOT.left - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle" data-axis="price">
                {chartPrice(format, tick)}
              </text>
            </g>
          ))}
          {times.ticks.map((tick, i) => (
            <text
              key={`x${tick}`}
              x={x(tick)}
              y={HEIGHT - 6}
              textAnchor={
                times.ticks.length === 1
                  ? 'middle'
                  : i === 0
                    ? 'start'
                    : i === times.ticks.length - 1
                      ? 'end'
                      : 'middle'
              }
              data-axis="date"
            >
              {chartDay(format, tick)}
            </text>
          ))}
          <text x={PLOT.left - 6} y={8} textAnchor="end" className="price-chart__unit" dominantBaseline="middle">
            {CURRENCY}
          </text>
        </g>
        {floor !== null ? (
          <g className="price-chart__floor" data-testid="price-chart-floor">
            <line x1={PLOT.left} x2={PLOT.right} y1={y(floor)} y2={y(floor)} />
            <text x={PLOT.right} y={y(floor) - 4} textAnchor="end">
              {t('resale.chart.floorLine', { price: format.tonAmount(String(floorPrice)) })}
            </text>
          </g>
        ) : null}
        <path d={line} className="price-chart__line" />
        {marks.map((mark, i) => (
          <g
            key={`${mark.last.point.at}-${mark.last.point.serial}`}
            role="button"
            tabIndex={0}
            aria-label={said(mark)}
            aria-pressed={active === i}
            className={`price-chart__point price-chart__point--${mark.last.point.kind}`}
            onMouseEnter={() => setActive(i)}
            onFocus={() => setActive(i)}
            onClick={() => setActive(i)}
          >
            {/* A finger-sized target around a small dot. */}
            <circle cx={mark.cx} cy={mark.cy} r="12" className="price-chart__hit" />
            <circle cx={mark.cx} cy={mark.cy} r={active === i ? 6 : 4.5} />
            {mark.count > 1 ? (
              <text x={mark.cx} y={mark.cy - 10} textAnchor="middle" className="price-chart__count">
                {`\u00d7${format.count(mark.count)}`}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
      <figcaption>
        <span className="price-chart__readout" aria-live="polite" data-testid="price-chart-readout">
          {said(shown)}
        </span>
        <span className="price-chart__legend muted">
          <span className="price-chart__key price-chart__key--resale">{t('resale.chart.keyResale')}</span>
          <span className="price-chart__key price-chart__key--primary">{t('resale.chart.keyPrimary')}</span>
          {floor !== null ? (
            <span className="price-chart__key price-chart__key--floor">{t('resale.chart.keyFloor')}</span>
          ) : null}
        </span>
      </figcaption>
    </figure>
  );
}

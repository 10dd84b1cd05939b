import type { PricePoint } from '@stickerdrop/shared';

const WIDTH = 300;
const HEIGHT = 120;
const PAD = 8;

/**
 * The last 30 days of sales as an SVG line (primary mints and resales alike), drawn by hand: a chart
 * library would cost more than the whole pack page. Lives in the pack page's chunk, never in Home's.
 */
export function PriceChart({ points }: { points: PricePoint[] }) {
  if (points.length === 0) return <p className="muted">No sales in the last 30 days.</p>;
  const times = points.map((p) => Date.parse(p.at));
  const prices = points.map((p) => Number(p.price));
  const [t0, t1] = [Math.min(...times), Math.max(...times)];
  const [p0, p1] = [Math.min(...prices), Math.max(...prices)];
  const x = (t: number) => PAD + (t1 === t0 ? (WIDTH - 2 * PAD) / 2 : ((t - t0) / (t1 - t0)) * (WIDTH - 2 * PAD));
  const y = (p: number) =>
    HEIGHT - PAD - (p1 === p0 ? (HEIGHT - 2 * PAD) / 2 : ((p - p0) / (p1 - p0)) * (HEIGHT - 2 * PAD));
  const path = points.map((_, i) => `${i === 0 ? 'M' : 'L'}${x(times[i]!).toFixed(1)},${y(prices[i]!).toFixed(1)}`);
  return (
    <svg
      className="price-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`Price history: ${points.length} sales, from ${p0} to ${p1}`}
      data-testid="price-chart"
    >
      <path d={path.join(' ')} fill="none" stroke="currentColor" strokeWidth="2" />
      {points.map((point, i) => (
        <circle
          key={`${point.at}-${point.serial}`}
          cx={x(times[i]!)}
          cy={y(prices[i]!)}
          r="3"
          fill={point.kind === 'resale' ? 'currentColor' : 'none'}
          stroke="currentColor"
        >
          <title>
            #{point.serial} · {point.price} ({point.kind})
          </title>
        </circle>
      ))}
    </svg>
  );
}

import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PricePoint } from '@stickerdrop/shared';
import { PriceChart } from '../../../src/features/resale/PriceChart';
import { switchLanguage } from '../../../src/i18n/language';
import { I18nProvider } from '../../../src/i18n/provider';

const POINTS: PricePoint[] = [
  { at: '2026-11-10T12:00:00.000Z', price: '2.75', serial: 40, kind: 'primary' },
  { at: '2026-11-18T12:00:00.000Z', price: '3.10', serial: 12, kind: 'resale' },
  { at: '2026-11-24T12:00:00.000Z', price: '3.40', serial: 40, kind: 'resale' },
];

const axisTexts = (axis: 'price' | 'date') =>
  [...document.querySelectorAll(`text[data-axis="${axis}"]`)].map((node) => node.textContent);

describe('the price chart', () => {
  it('labels its axes with prices and dates, and draws the floor as a line', () => {
    render(<PriceChart points={POINTS} floorPrice="2.90" />);
    // From a round value below the cheapest sale to one above the dearest, a round step apart.
    expect(axisTexts('price')).toEqual(['2.50', '3.00', '3.50']);
    expect(axisTexts('date')).toEqual(['10 Nov', '17 Nov', '24 Nov']);
    expect(screen.getByTestId('price-chart-floor')).toHaveTextContent('Floor 2.90');
    expect(screen.getByText('TON')).toBeInTheDocument();
  });

  it('has a point per sale, primary and resale told apart, whose price shows on hover, tap or focus', () => {
    render(<PriceChart points={POINTS} floorPrice={null} />);
    const points = screen.getAllByRole('button');
    expect(points.map((point) => point.getAttribute('aria-label'))).toEqual([
      '#40 · 2.75\u00a0TON · 10 Nov · primary sale',
      '#12 · 3.10\u00a0TON · 18 Nov · resale',
      '#40 · 3.40\u00a0TON · 24 Nov · resale',
    ]);
    expect(points[0]).toHaveClass('price-chart__point--primary');
    expect(points[1]).toHaveClass('price-chart__point--resale');
    // The latest sale reads out until another is picked.
    const readout = screen.getByTestId('price-chart-readout');
    expect(readout).toHaveTextContent('#40 · 3.40 TON · 24 Nov · resale');
    fireEvent.mouseEnter(points[0]!);
    expect(readout).toHaveTextContent('#40 · 2.75 TON · 10 Nov · primary sale');
    fireEvent.click(points[1]!);
    expect(readout).toHaveTextContent('#12 · 3.10 TON · 18 Nov · resale');
    expect(points[1]).toHaveAttribute('aria-pressed', 'true');
    fireEvent.focus(points[2]!);
    expect(readout).toHaveTextContent('#40 · 3.40 TON · 24 Nov · resale');
    expect(screen.queryByTestId('price-chart-floor')).not.toBeInTheDocument();
  });

  it('draws equal sales that would cover each other as one mark with their count', () => {
    const day = (hour: number) => `2026-11-20T${String(hour).padStart(2, '0')}:00:00.000Z`;
    const drop: PricePoint[] = [
      ...[1, 2, 3, 4, 5].map((hour) => ({ at: day(hour), price: '2.75', serial: hour, kind: 'primary' as const })),
      { at: '2026-11-28T12:00:00.000Z', price: '3.10', serial: 2, kind: 'resale' },
    ];
    render(<PriceChart points={drop} floorPrice={null} />);
    const marks = screen.getAllByRole('button');
    expect(marks.map((mark) => mark.getAttribute('aria-label'))).toEqual([
      '5 sales at this price, the latest #5 · 2.75\u00a0TON · 20 Nov · primary sale',
      '#2 · 3.10\u00a0TON · 28 Nov · resale',
    ]);
    expect(marks[0]).toHaveTextContent('\u00d75');
    fireEvent.click(marks[0]!);
    expect(screen.getByTestId('price-chart-readout').textContent).toBe(marks[0]!.getAttribute('aria-label'));
  });

  it('labels a single price at round values around it', () => {
    const same: PricePoint[] = [
      { at: '2026-11-10T12:00:00.000Z', price: '2.75', serial: 1, kind: 'primary' },
      { at: '2026-11-24T12:00:00.000Z', price: '2.75', serial: 2, kind: 'primary' },
    ];
    render(<PriceChart points={same} floorPrice={null} />);
    expect(axisTexts('price')).toEqual(['2.00', '2.50', '3.00', '3.50']);
  });

  it('says it in words until there are two sales', () => {
    const { rerender } = render(<PriceChart points={[]} floorPrice={null} />);
    expect(screen.getByText('No sales in the last 30 days.')).toBeInTheDocument();
    rerender(<PriceChart points={POINTS.slice(0, 1)} floorPrice="3.00" />);
    expect(screen.getByTestId('price-chart-single')).toHaveTextContent(
      'One sale in the last 30 days: #40 · 2.75 TON · 10 Nov · primary sale. The chart starts at two sales.',
    );
    expect(screen.queryByTestId('price-chart')).not.toBeInTheDocument();
  });
});

describe('the price chart on one day', () => {
  it('labels the one date once', () => {
    render(
      <PriceChart
        points={[
          { at: '2026-11-25T10:00:00.000Z', price: '2.00', serial: 1, kind: 'primary' },
          { at: '2026-11-25T10:05:00.000Z', price: '2.00', serial: 2, kind: 'primary' },
        ]}
        floorPrice={null}
      />,
    );
    expect(axisTexts('date')).toEqual(['25 Nov']);
    expect(axisTexts('price')).toEqual(['1.80', '2.00', '2.20']);
  });
});

describe('the price chart in Russian', () => {
  afterEach(() => switchLanguage('en'));

  it('writes its axes, floor and points in the chosen language', async () => {
    render(
      <I18nProvider>
        <PriceChart points={POINTS} floorPrice="2.90" />
      </I18nProvider>,
    );
    await act(() => switchLanguage('ru'));
    expect(axisTexts('price')).toEqual(['2,50', '3,00', '3,50']);
    expect(axisTexts('date')).toEqual(['10 нояб.', '17 нояб.', '24 нояб.']);
    expect(screen.getByTestId('price-chart-floor')).toHaveTextContent('Флор 2,90');
    expect(screen.getByRole('group', { name: 'История цен: 3 продажи' })).toBeInTheDocument();
    expect(screen.getByTestId('price-chart-readout')).toHaveTextContent('№ 40 · 3,40 TON · 24 нояб. · перепродажа');
  });
});

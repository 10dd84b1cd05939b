import type { CollectionItem, CollectionWorth } from '@stickerdrop/shared';
import type { Formats } from '../../i18n/format';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/translate';
import { worthTexts } from './messages';
import './worth.css';

/** Which way a gain goes; a zero written as "0.00" is flat. */
const direction = (gain: string) => (gain.startsWith('-') ? 'down' : /^[0.]+$/.test(gain) ? 'flat' : 'up');

/** A gain as a collector reads it: "+2.40 TON", "−1.20 TON" (a true minus), "0.00 TON". */
export function signedTon(format: Formats, gain: string): string {
  const way = direction(gain);
  if (way === 'down') return `\u2212${format.ton(gain.slice(1))}`;
  return way === 'flat' ? format.ton(gain) : `+${format.ton(gain)}`;
}

/**
 * What the collection is worth at today's prices (the resale floor, else a new edition's price), what was
 * paid for it and the difference; the editions nobody can buy today are counted apart.
 */
export function WorthLine({ worth, testId }: { worth: CollectionWorth; testId: string }) {
  const t = useT(worthTexts);
  const format = useFormat();
  if (worth.editions === 0) return null;
  return (
    <p className="worth-line" data-testid={testId}>
      <span>{t('worth.line', { value: format.ton(worth.value), paid: format.ton(worth.paid) })}</span>{' '}
      <span className={`worth-gain worth-gain--${direction(worth.gain)}`}>{signedTon(format, worth.gain)}</span>
      {worth.unpriced > 0 ? (
        <span className="worth-line__unpriced"> {t('worth.unpriced', { count: worth.unpriced })}</span>
      ) : null}
    </p>
  );
}

/** One edition's worth today and its gain over what its owner paid, under its card. */
export function EditionWorth({ item }: { item: Pick<CollectionItem, 'value' | 'gain'> }) {
  const t = useT(worthTexts);
  const format = useFormat();
  if (item.value === null || item.gain === null) {
    return <p className="edition-worth muted">{t('worth.noPrice')}</p>;
  }
  return (
    <p className="edition-worth" data-testid="edition-worth">
      {t('worth.edition', { value: format.ton(item.value) })}{' '}
      <span className={`worth-gain worth-gain--${direction(item.gain)}`}>{signedTon(format, item.gain)}</span>
    </p>
  );
}

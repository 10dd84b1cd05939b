import { formatDropTime, type StudioPack } from '@stickerdrop/shared';
import type { Formats } from '../../i18n/format';
import type { Translate } from '../../i18n/translate';
import type { StudioKey } from './messages';

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO time as a datetime-local value in the device's zone (what the create form's field holds). */
export function localInputValue(iso: string): string {
  const at = new Date(iso);
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** The status column: a scheduled drop says when it opens, in UTC (SPEC's words in English, Intl's else). */
export function dropStatusDetail(
  pack: Pick<StudioPack, 'dropStatus' | 'dropsAt'>,
  t: Translate<StudioKey>,
  format: Formats,
): string | null {
  if (pack.dropStatus !== 'scheduled' || !pack.dropsAt) return null;
  const at =
    format.language === 'en'
      ? formatDropTime(pack.dropsAt)
      : `${format.date(pack.dropsAt, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`;
  return t('studio.status.opens', { at });
}

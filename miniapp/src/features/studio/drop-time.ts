import type { StudioPack } from '@stickerdrop/shared';
import type { Formats } from '../../i18n/format';
import type { Translate } from '../../i18n/translate';
import type { StudioKey } from './messages';

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO time as a datetime-local value in the device's zone (what the create form's field holds). */
export function localInputValue(iso: string): string {
  const at = new Date(iso);
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** The status column: a scheduled drop says when it opens, in the creator's own time zone. */
export function dropStatusDetail(
  pack: Pick<StudioPack, 'dropStatus' | 'dropsAt'>,
  t: Translate<StudioKey>,
  format: Formats,
): string | null {
  if (pack.dropStatus !== 'scheduled' || !pack.dropsAt) return null;
  return t('studio.status.opens', { at: format.dropTime(pack.dropsAt) });
}

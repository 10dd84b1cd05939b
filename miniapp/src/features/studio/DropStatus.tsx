import type { StudioPack } from '@stickerdrop/shared';
import { useT } from '../../i18n/translate';
import { studioTexts, type StudioKey } from './messages';

const LABELS: Record<StudioPack['dropStatus'], StudioKey> = {
  scheduled: 'studio.status.scheduled',
  on_sale: 'studio.status.on_sale',
  sold_out: 'studio.status.sold_out',
};

/** A pack's drop status as a coloured tag: Scheduled, On sale, Sold out. */
export function DropStatus({ status }: { status: StudioPack['dropStatus'] }) {
  const t = useT(studioTexts);
  return <span className={`studio-status studio-status--${status}`}>{t(LABELS[status])}</span>;
}

import type { StudioPack } from '@stickerdrop/shared';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/translate';
import { dropStatusDetail } from './drop-time';
import { DropStatus } from './DropStatus';
import { studioTexts } from './messages';
import { useRemovalReason } from './RemovedMark';

/**
 * Where a pack stands for its creator: "Removed by the marketplace" with why, when an operator took it down
 * or hid it with the creator's ban (its drop status no longer matters: nobody can buy it); else its drop
 * status, and when a scheduled drop opens. `detailClassName` places the second line as the caller lays out.
 */
export function PackStatus({ pack, detailClassName }: { pack: StudioPack; detailClassName: string }) {
  const t = useT(studioTexts);
  const format = useFormat();
  const removalReason = useRemovalReason('creator');
  if (pack.removed) {
    return (
      <>
        <span className="studio-status studio-status--removed">{t('studio.status.removed')}</span>
        <span className={detailClassName}>{removalReason(pack.removed.reason)}</span>
      </>
    );
  }
  const detail = dropStatusDetail(pack, t, format);
  return (
    <>
      <DropStatus status={pack.dropStatus} />
      {detail ? <span className={detailClassName}>{detail}</span> : null}
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import { packQueries } from '../packs/queries';
import { StickerStrip } from './StickerStrip';

/** The edition's pack's stickers under its image, playing as on the pack page (the same query and strip). */
export function EditionStickers({ packId }: { packId: number }) {
  const api = useApi();
  const pack = useQuery(packQueries.detail(api, packId));
  // The strip's place is kept while the pack loads, so the edition's details under it do not move.
  if (pack.isPending) return <div className="detail__stickers detail__stickers--pending" aria-hidden="true" />;
  const stickers = pack.data?.stickers ?? [];
  return stickers.length ? <StickerStrip stickers={stickers} /> : null;
}

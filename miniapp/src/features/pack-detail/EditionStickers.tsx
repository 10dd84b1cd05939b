import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import { packQueries } from '../packs/queries';
import { ownedEmojiPack, StickerGrid } from './StickerGrid';

/** The edition's pack's stickers under its image, playing as on the pack page (the same query and grid). */
export function EditionStickers({ packId }: { packId: number }) {
  const api = useApi();
  const pack = useQuery(packQueries.detail(api, packId));
  // The grid's first row is kept while the pack loads, so the edition's details under it do not move.
  if (pack.isPending) return <div className="sticker-grid sticker-grid--pending" aria-hidden="true" />;
  const stickers = pack.data?.stickers ?? [];
  return stickers.length ? <StickerGrid stickers={stickers} emojiPack={ownedEmojiPack(pack.data, api)} /> : null;
}

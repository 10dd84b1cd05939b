import { EditionPage } from '../resale/EditionPage';
import { RemovedMark } from '../studio/RemovedMark';
import { EditionBuyBox } from './EditionBuyBox';
import { EditionStickers } from './EditionStickers';

/**
 * `#/edition?id=`: the resale feature's page with the buy box and the stickers filled in here, where buying
 * and the player live (orders already depends on resale, so resale cannot reach back into orders), and a
 * removed pack's mark, whose words are the studio's (the studio already depends on resale).
 */
export function EditionRoute() {
  return (
    <EditionPage
      buy={(edition) => <EditionBuyBox edition={edition} />}
      stickers={(edition) => <EditionStickers packId={edition.pack.id} />}
      removedMark={(removed) => <RemovedMark reason={removed.reason} reader="owner" />}
    />
  );
}

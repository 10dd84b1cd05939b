import { PackListQuery, type DocumentScreen } from '@stickerdrop/shared';
import { getEdition, getPackDetail, listPacks } from '@stickerdrop/core';
import type { AppDeps } from '../../app.js';

export type ReadScreenData = (screen: DocumentScreen) => Promise<unknown>;

/** The marketplace's first page as it opens: no search, no filter, the default sort. */
const MARKET_FIRST_PAGE = PackListQuery.parse({});

/**
 * The public data of the pack or edition a document opens on, or the marketplace's first page, as a
 * signed-out `GET` of it answers; null for one that does not exist. Read fresh for each document: a price
 * or what is left changes any moment.
 */
export function screenDataReader({ db, now, fileUrls, config }: AppDeps): ReadScreenData {
  return async (screen) => {
    if (screen.kind === 'market') return listPacks(db, MARKET_FIRST_PAGE, now());
    if (screen.kind === 'edition') {
      return getEdition(db, screen.id, { now: now(), lockDays: config.starsResaleLockDays });
    }
    // Views as written: the second's worth the API has counted but not yet written is left out.
    return getPackDetail(db, screen.id, null, now(), fileUrls);
  };
}

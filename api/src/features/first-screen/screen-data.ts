import type { PictureScreen } from '@stickerdrop/shared';
import { getEdition, getPackDetail } from '@stickerdrop/core';
import type { AppDeps } from '../../app.js';

export type ReadScreenData = (screen: PictureScreen) => Promise<unknown>;

/**
 * The public data of the pack or edition a document opens on, as a signed-out `GET` of it answers; null
 * for one that does not exist. Read fresh for each document: a price or what is left changes any moment.
 */
export function screenDataReader({ db, now, fileUrls, config }: AppDeps): ReadScreenData {
  return async (screen) => {
    if (screen.kind === 'edition') {
      return getEdition(db, screen.id, { now: now(), lockDays: config.starsResaleLockDays });
    }
    // Views as written: the second's worth the API has counted but not yet written is left out.
    return getPackDetail(db, screen.id, null, now(), fileUrls);
  };
}

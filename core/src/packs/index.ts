/** What other features and the bot use from the catalogue. */
export { getPackDetail, getPackDetailText, type PackDetailText } from './queries.js';
export {
  listPacks,
  listPackCards,
  listTrending,
  listTrendingCards,
  likedPackIds,
  pageJson,
  cardsJson,
  type CardPage,
  type CardText,
} from './list.js';
export { toggleLike } from './likes.js';
export { foundPack, foundEdition, requirePack } from './found.js';
export { refreshTrendingScores, trendingRefresher } from './trending.js';
export { packRating } from './rating.js';
export { toPackCard, cardColumns, type CardRow } from './card.js';
export { createReadCache, type ReadCache } from './read-cache.js';
export { createViewCounter, type ViewCounter } from './views.js';
export { createViewerLog, type ViewerLog } from './viewers.js';

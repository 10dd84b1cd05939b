/** Fair drops: per-collector caps, scheduled openings, "Notify me". */
export {
  assertDropOpen,
  assertWithinPerUserLimit,
  heldOrReserved,
  lockCollectorOfPack,
  type PerUserLimitInput,
} from './rules.js';
export { subscribeToDrop, unsubscribeFromDrop, isNotifying, type DropNotifyInput } from './subscriptions.js';
export { announceOpenedDrops, dropAnnouncer, dropStillAnnounceable } from './announce.js';

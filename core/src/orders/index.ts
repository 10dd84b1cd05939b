export { buyPack, reserveEdition, type BuyInput, type BuyResult } from './reserve.js';
export { fulfilOrder, OrderNotFoundError, PaymentRefConflictError } from './fulfil.js';
export { expireReservations, reservationSweeper } from './expire.js';
export {
  demoRail,
  offeredPaymentMethods,
  resolvePaymentRail,
  type PayableOrder,
  type PaymentRail,
} from './payment-rails.js';
export { effectiveStatus, isLiveReservation } from '../sales/rules.js';
export { toOrderDto } from '../sales/order-dto.js';
export {
  findOrder,
  findUserOrder,
  type FulfilInput,
  type FulfilOutcome,
  type FulfilResult,
  type OrderRecord,
  type OrderRow,
} from '../db/order-record.js';

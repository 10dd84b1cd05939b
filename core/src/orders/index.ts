export { buyPack, reserveEdition, type BuyInput, type BuyResult } from './reserve.js';
export { fulfilOrder, OrderNotFoundError, PaymentRefConflictError } from './fulfil.js';
export { expireReservations, reservationSweeper } from './expire.js';
export { payOnDemoRail, requireDemoMode, requireUserOrder } from './own-orders.js';
export {
  demoRail,
  offeredPaymentMethods,
  resalePaymentTarget,
  resolvePaymentRail,
  type PayableOrder,
  type PaymentRail,
} from '../sales/payment-methods.js';
export { effectiveStatus, isLiveReservation } from '../sales/rules.js';
export { toOrderDto } from '../sales/order-dto.js';
export type { FulfilInput, FulfilOutcome, FulfilResult } from '../sales/order.js';
export { findOrder, findUserOrder, type OrderRecord, type OrderRow } from '../db/order-record.js';

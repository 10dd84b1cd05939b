import type { Order } from '@stickerdrop/shared';
import { ApiError } from '../../api/client';
import { translate } from '../../i18n/translate';
import { paymentsTexts } from './messages';

/**
 * Why a settled order bought nothing, as an error the purchase flow shows: a payment that arrived too
 * late (or for a pack already owned) is being refunded, and the buyer should know that rather than a
 * bare "Purchase failed". Null for every other outcome (the generic failure text applies).
 */
export function orderFailure(order: Pick<Order, 'status'>): ApiError | null {
  if (order.status !== 'refund_required' && order.status !== 'refunded') return null;
  const text = translate(paymentsTexts, 'payments.refunded');
  return new ApiError(200, text, text);
}

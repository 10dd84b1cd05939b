import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_ERRORS, BuyRequest, MESSAGES, OrderIdParams, type PaymentMethod } from '@stickerdrop/shared';
import {
  buyPack,
  parseInput,
  payOnDemoRail,
  type PaymentRail,
  requireDemoMode,
  requireUserOrder,
  resolvePaymentRail,
  toOrderDto,
} from '@stickerdrop/core';
import { notFound, unauthorized } from '../../http/errors.js';
import { requireUser } from '../../http/auth.js';
import { buyListingRoute, isListingBuy } from '../resale/routes.js';
import { reachableRail } from './reachable-rail.js';

export interface OrdersRoutesOptions {
  /** The rails implemented so far; a method without one is refused unless demo mode pays everything. */
  rails?: readonly PaymentRail[];
}

export async function ordersRoutes(app: FastifyInstance, options: OrdersRoutesOptions = {}): Promise<void> {
  const { config, db, now } = app.deps;
  const rails = options.rails ?? [];

  app.post('/api/marketplace/buy', async (request, reply) => {
    // Signed out gets SPEC's text; a bad token still gets the token error so the client refreshes.
    if (request.userId === null && !request.badToken) throw unauthorized(MESSAGES.buyRequiresLogin);
    if (isListingBuy(request.body)) return buyListingRoute(app, request, reply, rails);
    const userId = requireUser(request);
    const input = parseInput(BuyRequest, request.body);
    const railOf = (method: PaymentMethod) => reachableRail(resolvePaymentRail(config, rails, method), request.log);
    const at = now();
    const { order, created } = await buyPack(db, {
      userId,
      packId: input.stickerId,
      paymentMethod: input.paymentMethod,
      railFor: railOf,
      reservations: config.reservations,
      ...(input.asGift && { gift: { claimDays: config.giftClaimDays } }),
      now: at,
    });
    return reply.status(created ? 201 : 200).send({ order: toOrderDto(order, at) });
  });

  app.get('/api/orders/:id', async (request) => {
    const userId = requireUser(request);
    const order = await requireUserOrder(db, orderIdOf(request), userId);
    return { order: toOrderDto(order, now()) };
  });

  app.post('/api/orders/:id/demo-pay', async (request) => {
    requireDemoMode(config.demo);
    const userId = requireUser(request);
    const at = now();
    const result = await payOnDemoRail(db, { orderId: orderIdOf(request), userId, now: at });
    return { order: toOrderDto(result.order, at) };
  });
}

/** A malformed id names no order: 404 like any unknown one. */
function orderIdOf(request: FastifyRequest): string {
  const parsed = OrderIdParams.safeParse(request.params);
  if (!parsed.success) throw notFound(API_ERRORS.orderNotFound);
  return parsed.data.id;
}

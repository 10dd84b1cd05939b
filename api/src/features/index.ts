import type { FastifyInstance } from 'fastify';
import { packsRoutes } from './packs/routes.js';
import { statsRoutes } from './stats/routes.js';
import { collectionRoutes } from './collection/routes.js';
import { authRoutes } from './auth/routes.js';
import { clientConfigRoutes } from './client-config/routes.js';
import { profileRoutes } from './profile/routes.js';
import { createPackRoutes } from './create-pack/routes.js';
import { filesRoutes } from './files/routes.js';
import { downloadsRoutes } from './delivery/download-routes.js';
import { ordersRoutes } from './orders/routes.js';
import { deliveryRoutes } from './delivery/routes.js';
import { paymentsRoutes } from './payments/routes.js';
import { walletRoutes } from './wallet/routes.js';
import { resaleRoutes } from './resale/routes.js';
import { offersRoutes } from './offers/routes.js';
import { giftsRoutes } from './gifts/routes.js';
import { studioRoutes } from './studio/routes.js';
import { opsRoutes } from './ops/routes.js';
import { reportRoutes } from './ops/report-routes.js';

/** Every feature's routes, in one place, so the app's surface is readable at a glance. */
export async function registerFeatures(app: FastifyInstance): Promise<void> {
  app.get('/api/health', async () => ({ ok: true }));
  await app.register(packsRoutes);
  await app.register(statsRoutes);
  await app.register(collectionRoutes);
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(clientConfigRoutes);
  await app.register(createPackRoutes);
  await app.register(filesRoutes);
  await app.register(downloadsRoutes);
  const { payments } = app.deps;
  await app.register(ordersRoutes, { rails: payments.rails });
  await app.register(paymentsRoutes, payments);
  await app.register(walletRoutes);
  await app.register(deliveryRoutes);
  await app.register(resaleRoutes);
  await app.register(offersRoutes);
  await app.register(giftsRoutes);
  await app.register(studioRoutes);
  await app.register(reportRoutes);
  await app.register(opsRoutes);
}

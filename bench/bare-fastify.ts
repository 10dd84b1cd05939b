/**
 * The warm-start bench's reference: a bare Fastify process, started the way `npm start` starts
 * (node --import tsx), answering the route the bench waits for. Nothing else: no database, no plugins.
 */
import Fastify from 'fastify';

const app = Fastify();
app.get('/api/marketplace/stats', async () => ({ ok: true }));
await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 0) });

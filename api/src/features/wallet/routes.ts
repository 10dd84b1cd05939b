import type { FastifyInstance } from 'fastify';
import { API_ERRORS, LinkWalletRequest } from '@stickerdrop/shared';
import {
  checkTonProof,
  issueTonProofPayload,
  linkWallet,
  parseInput,
  tonConnectIcon,
  tonConnectManifest,
  toUserDto,
} from '@stickerdrop/core';
import { unauthorized } from '../../http/errors.js';
import { requireUser } from '../../http/auth.js';

/**
 * Wallet linking with TON Connect: a single-use payload, then the wallet's ton_proof over it. Only a
 * proof that passes every check (and a payload that is the caller's, fresh and unused) sets the address;
 * any failure is a 401 and nothing changes.
 */
export async function walletRoutes(app: FastifyInstance): Promise<void> {
  const { config, db, now } = app.deps;
  const publicUrl = new URL(config.publicUrl);
  // Wallets report the host they were opened from; with or without the port, it is ours.
  const domains = [...new Set([publicUrl.host, publicUrl.hostname])];

  app.get('/api/auth/ton-proof/payload', async (request) => {
    const userId = requireUser(request);
    const { payload, expiresAt } = await issueTonProofPayload(db, userId, now());
    return { payload, expiresAt: expiresAt.toISOString() };
  });

  app.post('/api/auth/link-wallet', async (request) => {
    const userId = requireUser(request);
    const input = parseInput(LinkWalletRequest, request.body);
    const at = now();
    const check = checkTonProof(input, { domains, now: at });
    if (!check.ok) {
      request.log.info({ userId, reason: check.reason }, 'ton_proof refused');
      throw unauthorized(API_ERRORS.invalidTonProof);
    }
    const walletAddress = check.address.toString({ bounceable: false, testOnly: config.ton.network === 'testnet' });
    const user = await linkWallet(db, { userId, payload: input.proof.payload, walletAddress, now: at });
    if (!user) {
      request.log.info({ userId, reason: 'payload' }, 'ton_proof refused');
      throw unauthorized(API_ERRORS.invalidTonProof);
    }
    return { user: toUserDto(user) };
  });

  app.get('/tonconnect-manifest.json', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*').header('cache-control', 'public, max-age=300');
    return tonConnectManifest(config.publicUrl);
  });

  app.get('/tonconnect-icon.png', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*').header('cache-control', 'public, max-age=86400');
    return reply.type('image/png').send(await tonConnectIcon());
  });
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  API_ERRORS,
  DemoAuthRequest,
  LogoutRequest,
  RefreshRequest,
  TelegramAuthRequest,
  loginBotLink,
} from '@stickerdrop/shared';
import {
  consumeLoginCode,
  createLoginCode,
  getUserById,
  issueTokens,
  parseInput,
  revokeRefreshToken,
  rotateRefreshToken,
  toUserDto,
  upsertDemoUser,
  upsertTelegramUser,
  type UserRow,
  verifyInitData,
} from '@stickerdrop/core';
import { gone, notFound, serviceUnavailable, unauthorized } from '../../http/errors.js';
import { requireUser } from '../../http/auth.js';

const LoginCodeParams = z.object({ code: z.string().max(128) });

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const { config, db } = deps;

  const signIn = async (user: UserRow) => ({ user: toUserDto(user), tokens: await issueTokens(deps, user.id) });

  app.post('/api/auth/telegram', async (request) => {
    const { initData } = parseInput(TelegramAuthRequest, request.body);
    if (!config.botToken) throw unauthorized(API_ERRORS.invalidInitData);
    const result = await verifyInitData(initData, config.botToken, deps.now());
    if (!result.ok) {
      throw unauthorized(result.reason === 'stale' ? API_ERRORS.staleInitData : API_ERRORS.invalidInitData);
    }
    return signIn(await upsertTelegramUser(db, result.data.user));
  });

  app.post('/api/auth/refresh', async (request) => {
    const { refreshToken } = parseInput(RefreshRequest, request.body);
    const result = await rotateRefreshToken(deps, refreshToken);
    if (!result.ok) {
      throw unauthorized(result.reason === 'reused' ? API_ERRORS.refreshTokenReused : API_ERRORS.invalidRefreshToken);
    }
    return result.tokens;
  });

  app.post('/api/auth/logout', async (request, reply) => {
    const { refreshToken } = parseInput(LogoutRequest, request.body);
    await revokeRefreshToken(deps, refreshToken);
    return reply.status(204).send();
  });

  app.get('/api/auth/me', async (request) => {
    const user = await getUserById(db, requireUser(request));
    // A valid signature for a user that is gone (deleted account) is no sign-in.
    if (!user) throw unauthorized(API_ERRORS.invalidToken);
    return { user: toUserDto(user) };
  });

  app.post('/api/auth/login-code', async () => {
    if (!config.botUsername) throw serviceUnavailable(API_ERRORS.loginNotConfigured);
    const { code, expiresAt } = await createLoginCode(db, deps.now());
    return { code, url: loginBotLink(config.botUsername, code), expiresAt: expiresAt.toISOString() };
  });

  app.get('/api/auth/login-code/:code', async (request, reply) => {
    const { code } = parseInput(LoginCodeParams, request.params);
    const state = await consumeLoginCode(db, code, deps.now());
    if (state.status === 'pending') return reply.status(202).send({ status: 'pending' });
    if (state.status === 'expired') throw gone(API_ERRORS.loginCodeExpired);
    const user = await getUserById(db, state.userId);
    if (!user) throw gone(API_ERRORS.loginCodeExpired);
    return signIn(user);
  });

  app.post('/api/auth/demo', async (request) => {
    if (!config.demo) throw notFound(API_ERRORS.demoOff);
    const { as } = parseInput(DemoAuthRequest, request.body);
    return signIn(await upsertDemoUser(db, as));
  });
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  API_ERRORS,
  DemoAuthRequest,
  OPS_ERRORS,
  LogoutRequest,
  RefreshRequest,
  SessionIdParams,
  type SessionsResponse,
  TelegramAuthRequest,
  languageOfAcceptLanguage,
  loginBotLink,
} from '@stickerdrop/shared';
import {
  adoptLanguageIfUnset,
  consumeLoginCode,
  createLoginCode,
  getUserById,
  isBanned,
  isDemoAccount,
  isOperator,
  issueTokens,
  listSessions,
  parseInput,
  revokeRefreshToken,
  revokeSession,
  rotateRefreshToken,
  type SignInVia,
  toUserDto,
  upsertDemoUser,
  upsertTelegramUser,
  type UserRow,
  verifyInitData,
} from '@stickerdrop/core';
import { forbidden, gone, notFound, serviceUnavailable, unauthorized } from '../../http/errors.js';
import { requireUser } from '../../http/auth.js';

const LoginCodeParams = z.object({ code: z.string().max(128) });

const REFRESH_REFUSALS = {
  invalid: API_ERRORS.invalidRefreshToken,
  reused: API_ERRORS.refreshTokenReused,
  refused: API_ERRORS.demoSignInsEnded,
} as const;

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const { config, db } = deps;

  const signIn = async (user: UserRow, via: SignInVia) => {
    // A banned account is told so, in words, rather than handed tokens every request would refuse.
    if (await isBanned(db, user.id)) throw forbidden(OPS_ERRORS.banned);
    return { user: toUserDto(user), tokens: await issueTokens(deps, user.id, via) };
  };

  app.post('/api/auth/telegram', async (request) => {
    const { initData } = parseInput(TelegramAuthRequest, request.body);
    if (!config.botToken) throw unauthorized(API_ERRORS.invalidInitData);
    const result = await verifyInitData(initData, config.botToken, deps.now());
    if (!result.ok) {
      throw unauthorized(result.reason === 'stale' ? API_ERRORS.staleInitData : API_ERRORS.invalidInitData);
    }
    return signIn(await upsertTelegramUser(db, result.data.user), 'telegram');
  });

  app.post('/api/auth/refresh', async (request) => {
    const { refreshToken } = parseInput(RefreshRequest, request.body);
    // With demo mode off, a demo session ends at its next refresh (its family is revoked).
    const result = await rotateRefreshToken(deps, refreshToken, {
      refuseUser: (userId) => !config.demo && isDemoAccount(userId),
    });
    if (!result.ok) throw unauthorized(REFRESH_REFUSALS[result.reason]);
    return result.tokens;
  });

  // 204 and no body, like every other route that only removes something (documented so in route-docs.ts).
  app.post('/api/auth/logout', async (request, reply) => {
    const { refreshToken } = parseInput(LogoutRequest, request.body);
    await revokeRefreshToken(deps, refreshToken);
    return reply.status(204).send();
  });

  app.get('/api/auth/sessions', async (request): Promise<SessionsResponse> => {
    const userId = requireUser(request);
    const sessions = await listSessions(db, userId, deps.now());
    return {
      sessions: sessions.map((session) => ({
        id: session.id,
        via: session.via,
        signedInAt: session.signedInAt.toISOString(),
        lastUsedAt: session.lastUsedAt.toISOString(),
        expiresAt: session.expiresAt.toISOString(),
        current: session.id === request.sessionId,
      })),
    };
  });

  app.delete('/api/auth/sessions/:id', async (request, reply) => {
    const userId = requireUser(request);
    const { id } = parseInput(SessionIdParams, request.params);
    if (!(await revokeSession(db, userId, id, deps.now()))) throw notFound(API_ERRORS.sessionNotFound);
    return reply.status(204).send();
  });

  app.get('/api/auth/me', async (request) => {
    const user = await getUserById(db, requireUser(request));
    // A valid signature for a user that is gone (deleted account) is no sign-in.
    if (!user) throw unauthorized(API_ERRORS.invalidToken);
    return { user: toUserDto(user), isOperator: isOperator(config.operatorIds, user.id) };
  });

  app.post('/api/auth/login-code', async () => {
    if (!config.botUsername) throw serviceUnavailable(API_ERRORS.loginNotConfigured);
    const { code, expiresAt, match } = await createLoginCode(db, deps.now());
    return { code, url: loginBotLink(config.botUsername, code), expiresAt: expiresAt.toISOString(), match };
  });

  app.get('/api/auth/login-code/:code', async (request, reply) => {
    const { code } = parseInput(LoginCodeParams, request.params);
    const state = await consumeLoginCode(db, code, deps.now());
    if (state.status === 'pending') return reply.status(202).send({ status: 'pending' });
    if (state.status === 'cancelled') throw gone(API_ERRORS.loginCancelled);
    if (state.status === 'expired') throw gone(API_ERRORS.loginCodeExpired);
    // A web sign-in: a new account speaks the browser's language (the page sends it), as the app shows it.
    const language = languageOfAcceptLanguage(request.headers['accept-language']);
    if (language) await adoptLanguageIfUnset(db, state.userId, language);
    const user = await getUserById(db, state.userId);
    if (!user) throw gone(API_ERRORS.loginCodeExpired);
    return signIn(user, 'bot');
  });

  app.post('/api/auth/demo', async (request) => {
    if (!config.demo) throw notFound(API_ERRORS.demoOff);
    const { as, language } = parseInput(DemoAuthRequest, request.body);
    return signIn(await upsertDemoUser(db, as, language ?? null), 'demo');
  });
}

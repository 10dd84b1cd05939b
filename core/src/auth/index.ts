export { createAccessTokens, type AccessTokens, type AccessClaims } from './access-token.js';
export { verifyInitData, signInitData, TelegramUser, type InitData, type InitDataResult } from './init-data.js';
export {
  issueTokens,
  rotateRefreshToken,
  revokeRefreshToken,
  listSessions,
  revokeSession,
  type Session,
  type SignInVia,
  type TokenDeps,
  type RefreshResult,
} from './refresh-tokens.js';
export {
  createLoginCode,
  openLoginCode,
  answerLoginCode,
  consumeLoginCode,
  type LoginAnswer,
  type LoginCodeState,
  type NewLoginCode,
  type OpenedLoginCode,
} from './login-codes.js';
export { DEMO_USERS, isDemoAccount, upsertDemoUser, type DemoRole } from './demo-users.js';
export { pruneExpiredSignIns, pruneExpiredTonProofs, signInPruner } from './prune.js';

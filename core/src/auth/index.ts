export { createAccessTokens, type AccessTokens } from './access-token.js';
export { verifyInitData, signInitData, TelegramUser, type InitData, type InitDataResult } from './init-data.js';
export {
  issueTokens,
  rotateRefreshToken,
  revokeRefreshToken,
  type TokenDeps,
  type RefreshResult,
} from './refresh-tokens.js';
export { createLoginCode, confirmLoginCode, consumeLoginCode, type LoginCodeState } from './login-codes.js';
export { DEMO_USERS, upsertDemoUser, type DemoRole } from './demo-users.js';

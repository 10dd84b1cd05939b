import { Bot, type BotConfig as GrammyBotConfig, type Middleware } from 'grammy';
import { conversations } from '@grammyjs/conversations';
import type { UserFromGetMe } from 'grammy/types';
import { DEFAULT_BALANCE_TERMS, DEFAULT_IMAGE_POOL, createImagePool, reportLimitField } from '@stickerdrop/core';

/** RATE_LIMIT_REPORT's default, for a bot made without a configuration (tests). */
const DEFAULT_REPORT_LIMIT = reportLimitField.RATE_LIMIT_REPORT.parse(undefined);
import type { BotContext, BotDeps, BotServices } from './context.js';
import { i18n } from './i18n.js';
import { installApiTransformers } from './runtime/api-transformers.js';
import { databaseConversationStorage } from './runtime/conversation-storage.js';
import { handleBotError } from './runtime/error-handler.js';
import { sequentializeByChat } from './runtime/sequentialize.js';
import { handleEachUpdateOnce } from './runtime/update-once.js';
import { downloadTelegramFile } from './runtime/telegram-files.js';
import { becomeCreatorConversationMiddleware, becomeCreatorFeature } from './features/profile.js';
import { cancelFeature } from './features/cancel.js';
import { fallbackFeature } from './features/fallback.js';
import { helpFeature } from './features/help.js';
import { inlineShareFeature } from './features/inline-share.js';
import { createPackConversationMiddleware, createPackFeature } from './features/create-pack.js';
import { starsPaymentsFeature } from './features/stars-payments.js';
import { welcomeFeature } from './features/welcome.js';
import { offersFeature } from './features/offers.js';
import { dropNotifyFeature } from './features/drop-notify.js';
import { signInFeature } from './features/sign-in.js';
import { addToTelegramFeature } from './features/add-to-telegram.js';
import { reportPackFeature } from './features/report-pack.js';
import { bannedFeature } from './features/banned.js';

export const DEFAULT_API_ROOT = 'https://api.telegram.org';

/**
 * Under a webhook, the pre-checkout answer goes back as the webhook's own response (Telegram takes a method
 * call there) instead of as a request of its own: Telegram waits for that answer before it charges the
 * buyer, and this spares the round trip to the Bot API. Its result is never known, which an answer to a
 * pre-checkout query never needed: Telegram's only reply to it is the payment or its absence.
 */
function answersInWebhookReply(method: string): boolean {
  return method === 'answerPreCheckoutQuery';
}

export interface CreateBotOptions {
  /** Known bot info skips the getMe call of `bot.init()` (tests, webhook cold starts). */
  botInfo?: UserFromGetMe;
}

/**
 * The bot with every feature, talking to `deps.apiRoot`. Nothing runs until it is started (startBot) or
 * fed updates (`handleUpdate`, after `init()`); tests build one per case on their own database.
 */
export function createBot(token: string, deps: BotDeps, options: CreateBotOptions = {}): Bot<BotContext> {
  const apiRoot = deps.apiRoot ?? DEFAULT_API_ROOT;
  const config: GrammyBotConfig<BotContext> = { client: { apiRoot, canUseWebhookReply: answersInWebhookReply } };
  if (options.botInfo) config.botInfo = options.botInfo;
  const bot = new Bot<BotContext>(token, config);
  installApiTransformers(bot.api);

  const services: BotServices = {
    db: deps.db,
    storage: deps.storage,
    publicUrl: deps.publicUrl.replace(/\/$/, ''),
    log: deps.log,
    apiRoot,
    now: deps.now ?? (() => new Date()),
    offerTerms: deps.offerTerms ?? null,
    balance: deps.balance ?? DEFAULT_BALANCE_TERMS,
    reportLimit: deps.reportLimit ?? DEFAULT_REPORT_LIMIT,
    // The bot's own process converts in a pool of its own, sized as the API's by default.
    imagePool: deps.imagePool ?? createImagePool(DEFAULT_IMAGE_POOL),
    downloadFile: (fileId, maxBytes) => downloadTelegramFile(bot.api, { token, apiRoot }, fileId, maxBytes),
  };
  bot.use((ctx, next) => {
    ctx.services = services;
    return next();
  });

  const protectedBot = bot.errorBoundary(handleBotError(deps.log));
  protectedBot.use(sequentializeByChat());
  protectedBot.use(handleEachUpdateOnce(deps.db, services.now));
  // ctx.t: every reply in the sender's language (i18n.ts), decided once per update.
  protectedBot.use(i18n.middleware() as unknown as Middleware<BotContext>);
  // A banned sender is told so and nothing else runs for them.
  protectedBot.use(bannedFeature);
  protectedBot.use(inlineShareFeature);
  // Payments first: a payment made mid-conversation must never be taken as an answer.
  protectedBot.use(starsPaymentsFeature);
  // Offer buttons work mid-conversation too: they answer a message the bot sent, not a question.
  protectedBot.use(offersFeature);
  // Sign-in numbers and session sign-outs likewise; /sessions is a command of its own.
  protectedBot.use(signInFeature);
  // Add to Telegram under a gift's message: a button, not an answer to a conversation's question.
  protectedBot.use(addToTelegramFeature);
  // Report under a pack card: buttons too, wherever the card was sent.
  protectedBot.use(reportPackFeature);

  // Conversations live in private chats; `/cancel` sits between the plugin and the conversations.
  const privateChats = protectedBot.chatType('private');
  privateChats.use(
    conversations<BotContext, BotContext>({
      storage:
        deps.conversationStorage === 'memory'
          ? undefined
          : { type: 'key', version: 1, adapter: databaseConversationStorage(deps.db) },
    }),
  );
  privateChats.use(cancelFeature);
  privateChats.use(becomeCreatorConversationMiddleware);
  privateChats.use(createPackConversationMiddleware);
  privateChats.use(welcomeFeature, helpFeature, becomeCreatorFeature, createPackFeature, dropNotifyFeature);
  protectedBot.use(fallbackFeature);

  // Errors the boundary does not see (a failed reply inside the error handler itself).
  bot.catch(handleBotError(deps.log));
  return bot;
}

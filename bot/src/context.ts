import type { Context } from 'grammy';
import type { ConversationFlavor } from '@grammyjs/conversations';
import type { I18nFlavor } from '@grammyjs/i18n';
import type { BalanceTerms, Database, FileStorage, ImagePool, OfferSaleTerms } from '@stickerdrop/core';
import type { Logger } from '@stickerdrop/core';

/** What the handlers use; `createBot` receives it, tests build their own. */
export interface BotDeps {
  db: Database;
  storage: FileStorage;
  /** The mini-app's public address (PUBLIC_URL); buttons open it. */
  publicUrl: string;
  log: Logger;
  /** Bot API address (TELEGRAM_API_ROOT); tests point it at a local server. */
  apiRoot?: string;
  /** Injected so tests can move time (login codes expire). */
  now?: () => Date;
  /**
   * How an offer accepted in the chat is paid (TON legs, or the demo rail in demo mode); null: this
   * deployment cannot take resale payments, so the Accept button points to the app.
   */
  offerTerms?: OfferSaleTerms | null;
  /**
   * Where /newpack's images and animations are converted: the API's pool when both run in one process, so
   * at most UPLOAD_CONCURRENCY conversions run at once in it whichever edge took the files.
   */
  imagePool?: ImagePool;
  /** PRIMARY_FEE_BPS and CARD_PAYOUT_HOLD_DAYS for the creator's credit of a Stars sale; the defaults when absent. */
  balance?: BalanceTerms;
  /** RATE_LIMIT_REPORT: how many reports one person may file in a window, in the chat as in the app. */
  reportLimit?: { max: number; windowMs: number };
  /** Where conversations keep their state: the database (default; survives restarts, shared by processes) or memory. */
  conversationStorage?: 'database' | 'memory';
}

/** `deps` with defaults applied, plus the bot's own file download (needs the token). */
export interface BotServices extends Required<Omit<BotDeps, 'conversationStorage'>> {
  /** A file a user sent, at most `maxBytes`; throws FileTooLargeError beyond that. */
  downloadFile(fileId: string, maxBytes: number): Promise<Buffer>;
}

/** The one context type of the bot's middleware; conversations use grammY's plain Context inside. */
export type BotContext = ConversationFlavor<Context & { services: BotServices } & I18nFlavor>;
export type ConversationContext = Context;

/**
 * Every table, in three files by what they hold: the market (users, packs, orders, editions), the bot's
 * (outbox, conversations, sticker sets), and money and counts (payments, cursors, counters, the creator
 * balance). drizzle-kit and the drivers read this one module.
 */
export * from './schema-market.js';
export * from './schema-bot.js';
export * from './schema-payments.js';
export * from './schema-payouts.js';
export * from './schema-gifts.js';
export * from './schema-balance.js';
export * from './schema-ops.js';

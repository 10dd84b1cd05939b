/** Screen texts SPEC does not name (its own texts come from @stickerdrop/shared). */
export const ADD_TO_TELEGRAM_QUEUED = 'Your sticker set is on its way: the bot will send it to your Telegram chat.';
export const SOLD_OUT_LABEL = 'Sold out';

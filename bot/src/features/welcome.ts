import { Composer, InputFile } from 'grammy';
import { decodeStartParam } from '@stickerdrop/shared';
import { getPackDetail } from '@stickerdrop/core';
import type { BotContext } from '../context.js';
import { openAppKeyboard, openGiftKeyboard, openPackKeyboard, payOrderKeyboard } from '../views/keyboards.js';
import { packCaption, packCardKeyboard, previewPhoto } from '../views/pack-card.js';
import { replyWithEdition } from './edition-link.js';
import { readerOfContext } from '../i18n.js';
import { askLogin } from './sign-in.js';
import { setChatMenuButtonInLanguage } from '../runtime/setup.js';

/**
 * `/start` and its deep links: `pack_<id>` shows the pack, `edition_<id>` the edition, `order_<packId>_<uuid>` a Pay
 * button into the mini-app, `gift_<code>` a button onto the gift's claim screen, `login_<code>` asks whether to sign a browser in (sign-in.ts). Anything
 * else (an unknown pack, a malformed payload) says so and falls back to the plain welcome.
 */
export const welcomeFeature = new Composer<BotContext>();

welcomeFeature.chatType('private').command('start', async (ctx) => {
  const payload = ctx.match.trim();
  if (!payload) {
    await replyWelcome(ctx);
    return setChatMenuButtonInLanguage(ctx);
  }
  const param = decodeStartParam(payload);
  if (!param) {
    await ctx.reply(ctx.t('bad-link'));
    return replyWelcome(ctx);
  }
  if (param.kind === 'login') return askLogin(ctx, param.code);
  // The marketplace opens in the mini-app: in the chat, the welcome's button is the way there.
  if (param.kind === 'market') return replyWelcome(ctx);
  if (param.kind === 'gift') {
    // A gift is claimed in the mini-app: a chat start link with one gets the button that opens it there.
    const reply_markup = openGiftKeyboard(ctx.me.username, param.code, ctx.t('open-gift'));
    await ctx.reply(ctx.t('gift-start'), { reply_markup });
    return;
  }
  if (param.kind === 'order') {
    const reply_markup = payOrderKeyboard(ctx.me.username, param.packId, param.orderId, ctx.t('pay-order'));
    await ctx.reply(ctx.t('order-link'), { reply_markup });
    return;
  }
  if (param.kind === 'edition') {
    if (await replyWithEdition(ctx, param.editionId)) return;
    await ctx.reply(ctx.t('edition-not-found'));
    return replyWelcome(ctx);
  }
  if (await replyWithPack(ctx, param.packId)) return;
  await ctx.reply(ctx.t('pack-not-found'), { parse_mode: 'HTML' });
  return replyWelcome(ctx);
});

export async function replyWelcome(ctx: BotContext): Promise<void> {
  const reply_markup = openAppKeyboard(ctx.services.publicUrl, ctx.t('open-app'));
  await ctx.reply(ctx.t('welcome'), { parse_mode: 'HTML', reply_markup });
}

/** The pack with its preview, price and supply, and a button into the mini-app; false when there is none. */
async function replyWithPack(ctx: BotContext, packId: number): Promise<boolean> {
  const { db, storage, now } = ctx.services;
  const pack = await getPackDetail(db, packId, ctx.from?.id ?? null, now());
  if (!pack) return false;
  const reader = await readerOfContext(ctx);
  const caption = packCaption(reader, pack, now().getTime());
  const reply_markup = packCardKeyboard(
    reader,
    openPackKeyboard(ctx.me.username, pack.id, ctx.t('open-pack')),
    pack,
    now().getTime(),
  );
  const photo = await previewPhoto(storage, pack.previewUrl);
  if (photo) {
    await ctx.replyWithPhoto(new InputFile(photo, `pack-${pack.id}.jpg`), {
      caption,
      parse_mode: 'HTML',
      reply_markup,
    });
  } else {
    await ctx.reply(caption, { parse_mode: 'HTML', reply_markup });
  }
  return true;
}

import { Composer } from 'grammy';
import type { InlineQueryResultArticle } from 'grammy/types';
import { tonAmountIn, type PackCard } from '@stickerdrop/shared';
import { listPacks } from '@stickerdrop/core';
import type { BotContext } from '../context.js';
import { absoluteUrl, isHttps, openPackKeyboard } from '../views/keyboards.js';
import { packCaption, supplyLine } from '../views/pack-card.js';
import { readerOfContext, type Reader } from '../i18n.js';
import { editionInlineResults } from './edition-link.js';

/**
 * `@bot <text>` in any chat: matching packs (the marketplace's own search, trending first) as results
 * with title, price, thumbnail and an Open button on the `startapp` link, so a pack can be shared
 * anywhere, written in the sharer's language. The next page comes through Telegram's `offset` (our list cursor).
 */
export const inlineShareFeature = new Composer<BotContext>();

const RESULTS_PER_PAGE = 20;

inlineShareFeature.on('inline_query', async (ctx) => {
  const { db, now, publicUrl } = ctx.services;
  const query = ctx.inlineQuery;
  const edition = await editionInlineResults(ctx, query.query);
  if (edition) return void (await ctx.answerInlineQuery(edition, { cache_time: 30 }));
  let page;
  try {
    page = await listPacks(
      db,
      {
        search: query.query.trim().slice(0, 100),
        sort: 'trending',
        limit: RESULTS_PER_PAGE,
        cursor: query.offset || undefined,
      },
      now(),
    );
  } catch {
    // A cursor from an older page format: start over rather than answer nothing.
    page = await listPacks(
      db,
      { search: query.query.trim().slice(0, 100), sort: 'trending', limit: RESULTS_PER_PAGE },
      now(),
    );
  }
  const reader = await readerOfContext(ctx);
  const results = page.items.map((pack) => packResult(reader, pack, ctx.me.username, publicUrl));
  await ctx.answerInlineQuery(results, { cache_time: 30, next_offset: page.nextCursor ?? '' });
});

function packResult(reader: Reader, pack: PackCard, botUsername: string, publicUrl: string): InlineQueryResultArticle {
  const thumbnail = absoluteUrl(publicUrl, pack.previewUrl);
  return {
    type: 'article',
    id: `pack_${pack.id}`,
    title: pack.title,
    description: reader.t('pack-result-description', {
      price: tonAmountIn(reader.language, pack.price),
      supply: supplyLine(reader, pack),
    }),
    ...(thumbnail && isHttps(thumbnail)
      ? { thumbnail_url: thumbnail, thumbnail_width: 320, thumbnail_height: 320 }
      : {}),
    input_message_content: { message_text: packCaption(reader, pack), parse_mode: 'HTML' },
    reply_markup: openPackKeyboard(botUsername, pack.id, reader.t('open')),
  };
}

import type { InlineQueryResultArticle } from 'grammy/types';
import { decodeStartParam, tonAmountIn, type EditionDetail } from '@stickerdrop/shared';
import { getEdition } from '@stickerdrop/core';
import type { BotContext } from '../context.js';
import { readerOfContext, type Reader } from '../i18n.js';
import { absoluteUrl, isHttps, openEditionKeyboard } from '../views/keyboards.js';
import { countIn, escapeHtml } from '../views/texts.js';

const ownerOf = (edition: EditionDetail) =>
  edition.owner.username ? `@${edition.owner.username}` : edition.owner.name;

/** "For sale: 3.50 TON", or "Not for sale". */
const saleLine = ({ t, language }: Reader, edition: EditionDetail) =>
  edition.listing ? t('for-sale', { price: tonAmountIn(language, edition.listing.price) }) : t('not-for-sale');

const editionText = (reader: Reader, edition: EditionDetail) =>
  reader.t('edition-card', {
    title: escapeHtml(edition.pack.title),
    serial: String(edition.serial),
    maxSupply: countIn(reader.language, edition.pack.maxSupply),
    owner: escapeHtml(ownerOf(edition)),
    sale: saleLine(reader, edition),
  });

/** `/start edition_<id>`: the edition, its owner and its listing, with a button onto its page; false when unknown. */
export async function replyWithEdition(ctx: BotContext, editionId: number): Promise<boolean> {
  const edition = await getEdition(ctx.services.db, editionId);
  if (!edition) return false;
  const reader = await readerOfContext(ctx);
  await ctx.reply(editionText(reader, edition), {
    parse_mode: 'HTML',
    reply_markup: openEditionKeyboard(ctx.me.username, edition.id, ctx.t('open-edition')),
  });
  return true;
}

/**
 * Inline sharing of a listing: `@bot edition_<id>` (what the edition page's Share puts in the field)
 * answers with that edition as one result; null when the query is not an edition link. The result is in the
 * sharer's language: Telegram shows it to them first, and they send it.
 */
export async function editionInlineResults(ctx: BotContext, query: string): Promise<InlineQueryResultArticle[] | null> {
  const param = decodeStartParam(query.trim());
  if (param?.kind !== 'edition') return null;
  const edition = await getEdition(ctx.services.db, param.editionId);
  if (!edition) return [];
  const reader = await readerOfContext(ctx);
  const thumbnail = absoluteUrl(ctx.services.publicUrl, edition.pack.imageUrl);
  return [
    {
      type: 'article',
      id: `edition_${edition.id}`,
      title: reader.t('edition-result-title', { title: edition.pack.title, serial: String(edition.serial) }),
      description: edition.listing ? saleLine(reader, edition) : reader.t('owned-by', { owner: ownerOf(edition) }),
      ...(thumbnail && isHttps(thumbnail) ? { thumbnail_url: thumbnail } : {}),
      input_message_content: { message_text: editionText(reader, edition), parse_mode: 'HTML' },
      reply_markup: openEditionKeyboard(ctx.me.username, edition.id, reader.t('open-edition')),
    },
  ];
}

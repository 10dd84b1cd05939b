import type { InlineQueryResultArticle } from 'grammy/types';
import { CURRENCY, decodeStartParam, type EditionDetail } from '@stickerdrop/shared';
import { getEdition } from '@stickerdrop/core';
import type { BotContext } from '../context.js';
import { absoluteUrl, isHttps, openEditionKeyboard } from '../views/keyboards.js';
import { TEXTS } from '../views/texts.js';

const ownerOf = (edition: EditionDetail) =>
  edition.owner.username ? `@${edition.owner.username}` : edition.owner.name;

const editionText = (edition: EditionDetail) =>
  TEXTS.edition({
    title: edition.pack.title,
    serial: edition.serial,
    maxSupply: edition.pack.maxSupply,
    owner: ownerOf(edition),
    price: edition.listing?.price ?? null,
  });

/** `/start edition_<id>`: the edition, its owner and its listing, with a button onto its page; false when unknown. */
export async function replyWithEdition(ctx: BotContext, editionId: number): Promise<boolean> {
  const edition = await getEdition(ctx.services.db, editionId);
  if (!edition) return false;
  await ctx.reply(editionText(edition), {
    parse_mode: 'HTML',
    reply_markup: openEditionKeyboard(ctx.me.username, edition.id),
  });
  return true;
}

/**
 * Inline sharing of a listing: `@bot edition_<id>` (what the edition page's Share puts in the field)
 * answers with that edition as one result; null when the query is not an edition link.
 */
export async function editionInlineResults(ctx: BotContext, query: string): Promise<InlineQueryResultArticle[] | null> {
  const param = decodeStartParam(query.trim());
  if (param?.kind !== 'edition') return null;
  const edition = await getEdition(ctx.services.db, param.editionId);
  if (!edition) return [];
  const thumbnail = absoluteUrl(ctx.services.publicUrl, edition.pack.imageUrl);
  return [
    {
      type: 'article',
      id: `edition_${edition.id}`,
      title: `${edition.pack.title} #${edition.serial}`,
      description: edition.listing ? `For sale: ${edition.listing.price} ${CURRENCY}` : `Owned by ${ownerOf(edition)}`,
      ...(thumbnail && isHttps(thumbnail) ? { thumbnail_url: thumbnail } : {}),
      input_message_content: { message_text: editionText(edition), parse_mode: 'HTML' },
      reply_markup: openEditionKeyboard(ctx.me.username, edition.id, TEXTS.openEdition),
    },
  ];
}

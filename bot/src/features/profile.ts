import { Composer, InlineKeyboard } from 'grammy';
import { createConversation } from '@grammyjs/conversations';
import { UpdateProfileRequest, errorTextIn } from '@stickerdrop/shared';
import { becomeCreator, getUserById } from '@stickerdrop/core';
import { chatTextOf } from '../views/domain-errors.js';
import type { BotContext, ConversationContext } from '../context.js';
import type { Reader } from '../i18n.js';
import { escapeHtml } from '../views/texts.js';
import { askButton, askText, beginStep, type BotConversation } from './conversation-kit.js';
import { rememberSender } from './sender-row.js';

/**
 * `/becomecreator`: display name, short bio, confirm; then the same service as
 * `POST /api/users/become-creator` grants creator status.
 */
const CONVERSATION = 'becomeCreator';
const { displayName: displayNameRule, bio: bioRule } = UpdateProfileRequest.shape;

/** The API's own rule for the field: its message in the reader's language when the text breaks it, else null. */
function ruleMessage(reader: Reader, rule: typeof displayNameRule | typeof bioRule, text: string): string | null {
  const result = rule.safeParse(text);
  if (result.success) return null;
  const message = result.error.issues[0]?.message;
  return message ? errorTextIn(reader.language, message) : reader.t('become-creator-failed');
}

async function becomeCreatorConversation(conversation: BotConversation, ctx: ConversationContext): Promise<void> {
  const step = await beginStep(conversation, ctx);
  const { reader } = step;
  const { t } = reader;
  const displayName = await askText(step, t('ask-display-name'), {
    validate: (text) => (text.trim() ? ruleMessage(reader, displayNameRule, text) : t('display-name-required')),
  });
  const bio = await askText(step, t('ask-bio'), {
    validate: (text) => ruleMessage(reader, bioRule, text),
    skippable: true,
  });
  const keyboard = new InlineKeyboard().text(t('confirm'), 'creator:yes').text(t('cancel'), 'creator:no');
  const question = t('confirm-creator', { name: escapeHtml(displayName), bio: bio ? escapeHtml(bio) : '—' });
  const answer = await askButton(step, question, keyboard, 'creator');
  if (answer.value !== 'yes') {
    await answer.ctx.reply(t('cancelled'));
    return;
  }
  const userId = ctx.from!.id;
  const outcome = await conversation.external(async (outside) => {
    try {
      const user = await becomeCreator(outside.services.db, userId, { displayName, bio });
      return user ? null : t('become-creator-failed');
    } catch (error) {
      const refusal = chatTextOf(error, reader);
      if (refusal !== null) return refusal;
      outside.services.log.error({ err: error, userId }, 'becomeCreator failed');
      return t('become-creator-failed');
    }
  });
  await answer.ctx.reply(outcome ?? t('became-creator'));
}

/** Installed with the other conversations, ahead of every command, so an active one gets its updates. */
export const becomeCreatorConversationMiddleware = createConversation<BotContext, ConversationContext>(
  becomeCreatorConversation,
  CONVERSATION,
);

export const becomeCreatorFeature = new Composer<BotContext>();

becomeCreatorFeature.command('becomecreator', async (ctx) => {
  const from = ctx.from!;
  await rememberSender(ctx.services.db, from);
  const user = await getUserById(ctx.services.db, from.id);
  if (user?.isCreator) return ctx.reply(ctx.t('already-creator'));
  await ctx.conversation.enter(CONVERSATION);
});

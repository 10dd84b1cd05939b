import { Composer, InlineKeyboard } from 'grammy';
import { createConversation } from '@grammyjs/conversations';
import { MESSAGES, UpdateProfileRequest } from '@stickerdrop/shared';
import { becomeCreator, getUserById, upsertTelegramUser } from '@stickerdrop/core';
import { chatTextOf } from '../views/domain-errors.js';
import type { BotContext, ConversationContext } from '../context.js';
import { TEXTS } from '../views/texts.js';
import { askButton, askText, type BotConversation } from './conversation-kit.js';

/**
 * `/becomecreator`: display name, short bio, confirm; then the same service as
 * `POST /api/users/become-creator` grants creator status.
 */
const CONVERSATION = 'becomeCreator';
const { displayName: displayNameRule, bio: bioRule } = UpdateProfileRequest.shape;

/** The API's own rule for the field: its message when the text breaks it, else null. */
function ruleMessage(rule: typeof displayNameRule | typeof bioRule, text: string): string | null {
  const result = rule.safeParse(text);
  return result.success ? null : (result.error.issues[0]?.message ?? MESSAGES.becomeCreatorFailed);
}

async function becomeCreatorConversation(conversation: BotConversation, ctx: ConversationContext): Promise<void> {
  const displayName = await askText(conversation, ctx, TEXTS.askDisplayName, {
    validate: (text) => (text.trim() ? ruleMessage(displayNameRule, text) : TEXTS.displayNameRequired),
  });
  const bio = await askText(conversation, ctx, TEXTS.askBio, {
    validate: (text) => ruleMessage(bioRule, text),
    skippable: true,
  });
  const keyboard = new InlineKeyboard().text(TEXTS.confirm, 'creator:yes').text(TEXTS.cancel, 'creator:no');
  const answer = await askButton(conversation, ctx, TEXTS.confirmCreator(displayName, bio), keyboard, 'creator');
  if (answer.value !== 'yes') {
    await answer.ctx.reply(TEXTS.cancelled);
    return;
  }
  const userId = ctx.from!.id;
  const outcome = await conversation.external(async (outside) => {
    try {
      const user = await becomeCreator(outside.services.db, userId, { displayName, bio });
      return user ? null : MESSAGES.becomeCreatorFailed;
    } catch (error) {
      const refusal = chatTextOf(error);
      if (refusal !== null) return refusal;
      outside.services.log.error({ err: error, userId }, 'becomeCreator failed');
      return MESSAGES.becomeCreatorFailed;
    }
  });
  await answer.ctx.reply(outcome ?? `${MESSAGES.becameCreator}\nSend /newpack to upload your first pack.`);
}

/** Installed with the other conversations, ahead of every command, so an active one gets its updates. */
export const becomeCreatorConversationMiddleware = createConversation<BotContext, ConversationContext>(
  becomeCreatorConversation,
  CONVERSATION,
);

export const becomeCreatorFeature = new Composer<BotContext>();

becomeCreatorFeature.command('becomecreator', async (ctx) => {
  const from = ctx.from!;
  // The user row must exist for the service; Telegram owns the names, so they are refreshed too.
  await upsertTelegramUser(ctx.services.db, {
    id: from.id,
    first_name: from.first_name,
    last_name: from.last_name,
    username: from.username,
    language_code: from.language_code,
  });
  const user = await getUserById(ctx.services.db, from.id);
  if (user?.isCreator) return ctx.reply(TEXTS.alreadyCreator);
  await ctx.conversation.enter(CONVERSATION);
});

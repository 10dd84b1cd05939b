import type { Message, Update, User } from 'grammy/types';

/**
 * Update objects as Telegram sends them (private chats), for feeding the bot through handleUpdate or
 * the fake Bot API's getUpdates.
 */
let nextUpdateId = 1;
let nextMessageId = 10_000;
const now = () => Math.floor(Date.now() / 1000);

export function telegramUser(id: number, firstName = `User${id}`, username: string | undefined = `user${id}`): User {
  return { id, is_bot: false, first_name: firstName, ...(username ? { username } : {}), language_code: 'en' };
}

function privateChat(from: User) {
  return {
    id: from.id,
    type: 'private' as const,
    first_name: from.first_name,
    ...(from.username ? { username: from.username } : {}),
  };
}

function messageUpdate(from: User, fields: Partial<Message>): Update {
  return {
    update_id: nextUpdateId++,
    message: {
      message_id: nextMessageId++,
      date: now(),
      chat: privateChat(from),
      from,
      ...fields,
    } as Update['message'],
  };
}

/** A text message; a leading `/command` carries its bot_command entity as Telegram adds it. */
export function textUpdate(from: User, text: string): Update {
  const command = /^\/[A-Za-z0-9_]+(@[A-Za-z0-9_]+)?/.exec(text);
  return messageUpdate(from, {
    text,
    ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] } : {}),
  });
}

export interface SentFile {
  file_id: string;
  file_unique_id: string;
  file_size: number;
}

/** A photo: Telegram sends several sizes, largest last. */
export function photoUpdate(from: User, file: SentFile, width = 512, height = 512): Update {
  return messageUpdate(from, {
    photo: [
      {
        file_id: `${file.file_id}-thumb`,
        file_unique_id: `${file.file_unique_id}-t`,
        width: 90,
        height: 90,
        file_size: 1200,
      },
      { ...file, width, height },
    ],
  });
}

export function documentUpdate(
  from: User,
  file: SentFile,
  mimeType: string,
  fileName: string,
  caption?: string,
): Update {
  return messageUpdate(from, {
    document: { ...file, mime_type: mimeType, file_name: fileName },
    ...(caption ? { caption } : {}),
  });
}

/** A GIF or a silent MP4 as Telegram sends an animation: the file is in both `animation` and `document`. */
export function animationUpdate(from: User, file: SentFile, fileName: string, seconds = 1): Update {
  const animation = {
    ...file,
    width: 320,
    height: 240,
    duration: seconds,
    file_name: fileName,
    mime_type: 'video/mp4',
  };
  return messageUpdate(from, { animation, document: { ...file, file_name: fileName, mime_type: 'video/mp4' } });
}

/** A sticker forwarded from a set, with the emoji it stands for there. */
export function stickerUpdate(
  from: User,
  file: SentFile,
  kind: { is_animated: boolean; is_video: boolean },
  emoji: string,
): Update {
  return messageUpdate(from, {
    sticker: { ...file, type: 'regular', width: 512, height: 512, ...kind, emoji, set_name: 'someone_elses_set' },
  });
}

/** A tap on an inline button of `message` (a message the bot sent, as the fake API answered it). */
export function callbackUpdate(from: User, message: unknown, data: string): Update {
  return {
    update_id: nextUpdateId++,
    callback_query: {
      id: String(nextUpdateId * 7919),
      from,
      message: message as Message,
      chat_instance: `ci-${from.id}`,
      data,
    },
  };
}

export function inlineQueryUpdate(from: User, query: string, offset = ''): Update {
  return {
    update_id: nextUpdateId++,
    inline_query: { id: String(nextUpdateId * 104729), from, query, offset, chat_type: 'sender' },
  };
}

/** Telegram asks whether a Stars payment may go ahead. */
export function preCheckoutUpdate(from: User, payload: string, totalAmount: number, currency = 'XTR'): Update {
  return {
    update_id: nextUpdateId++,
    pre_checkout_query: {
      id: String(nextUpdateId * 15485863),
      from,
      currency,
      total_amount: totalAmount,
      invoice_payload: payload,
    },
  };
}

/** The service message a paid invoice leaves in the chat. */
export function successfulPaymentUpdate(from: User, payload: string, totalAmount: number, chargeId: string): Update {
  return messageUpdate(from, {
    successful_payment: {
      currency: 'XTR',
      total_amount: totalAmount,
      invoice_payload: payload,
      telegram_payment_charge_id: chargeId,
      provider_payment_charge_id: '',
    },
  });
}

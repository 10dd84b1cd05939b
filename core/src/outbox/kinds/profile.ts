import { z } from 'zod';
import { outboxKind } from './descriptor.js';

/** A user chose another language: the bot sets their chat's menu button in it (read when sent, so the last choice wins). */
export const ChatLanguagePayload = z.object({ userId: z.number() });
export type ChatLanguagePayload = z.infer<typeof ChatLanguagePayload>;

export const PROFILE_OUTBOX_KINDS = {
  /** One per change of a user's language (to `language`, `at` when it changed). */
  chat_language: outboxKind({
    payload: ChatLanguagePayload,
    key: (userId: number, language: string, at: Date) => `chat-language:${userId}:${language}:${at.getTime()}`,
    audience: 'personal',
    worker: 'bot',
  }),
};

import { clientSupports } from './client-version';
import { telegramSdk } from './sdk';

/** What asking Telegram for an emoji status came to: set, declined by the person, or failed. */
export type EmojiStatusOutcome = 'set' | 'declined' | 'failed';

/** The person decides in Telegram's own dialog; a client that never answers counts as failed. */
const ANSWER_TIMEOUT_MS = 60_000;

/** Whether this client can set an emoji status (Mini Apps 8.0); never on the plain web. */
export function canSetEmojiStatus(): boolean {
  return clientSupports(8, 0);
}

/**
 * Asks Telegram to make a custom emoji the person's status: the client shows its own confirmation, and the
 * person may decline, which is no error to show.
 */
export async function setEmojiStatus(customEmojiId: string): Promise<EmojiStatusOutcome> {
  const sdk = telegramSdk();
  if (!sdk || !canSetEmojiStatus()) return 'failed';
  try {
    const answer = await sdk.request('web_app_set_emoji_status', ['emoji_status_set', 'emoji_status_failed'], {
      params: { custom_emoji_id: customEmojiId },
      timeout: ANSWER_TIMEOUT_MS,
    });
    if (!answer) return 'set';
    return answer.error === 'USER_DECLINED' ? 'declined' : 'failed';
  } catch (error) {
    console.warn('Emoji status not set', error);
    return 'failed';
  }
}

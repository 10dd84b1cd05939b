import { telegramSdk } from './sdk';

/** What asking Telegram for an emoji status came to: set, declined by the person, or failed. */
export type EmojiStatusOutcome = 'set' | 'declined' | 'failed';

/** The person decides in Telegram's own dialog; a client that never answers counts as failed. */
const ANSWER_TIMEOUT_MS = 60_000;

/** Mini Apps 8.0 brought emoji statuses. */
const EMOJI_STATUS_VERSION = [8, 0];

/**
 * Whether this client can set an emoji status; never on the plain web. The version is compared here rather
 * than by the SDK's own wrapper, whose code every launch inside Telegram would load with Home.
 */
export function canSetEmojiStatus(): boolean {
  const version = telegramSdk()?.retrieveLaunchParams().tgWebAppVersion;
  if (!version) return false;
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const [needMajor, needMinor] = EMOJI_STATUS_VERSION as [number, number];
  return major > needMajor || (major === needMajor && minor >= needMinor);
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

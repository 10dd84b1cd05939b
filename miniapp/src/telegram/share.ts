import { telegramSdk } from './sdk';

export type ShareOutcome = 'telegram' | 'device' | 'copied' | 'cancelled' | 'failed';

/**
 * Telegram's shareMessage (clients from 8.0): the user picks a chat and sends a message the bot prepared
 * (`prepare` asks the API for its id). 'unavailable' when the client lacks the method or no message could
 * be prepared: the caller then shares the link. Once Telegram's sheet was shown, its outcome is final.
 */
export async function sharePreparedMessage(
  prepare: () => Promise<string>,
): Promise<'telegram' | 'cancelled' | 'unavailable'> {
  const shareMessage = telegramSdk()?.shareMessage;
  if (!shareMessage?.isAvailable()) return 'unavailable';
  let id: string;
  try {
    id = await prepare();
  } catch (error) {
    console.warn('No prepared message to share; sharing the link instead', error);
    return 'unavailable';
  }
  try {
    await shareMessage(id);
    return 'telegram';
  } catch {
    // The user closed the sheet, or Telegram refused: showing a second sheet would only repeat the question.
    return 'cancelled';
  }
}

/**
 * SPEC §8: the device share sheet, else the link is copied. Inside Telegram its own share-to-chat sheet
 * is the device's sheet.
 */
export async function shareLink(url: string, title: string): Promise<ShareOutcome> {
  const [sharedInTelegram] = telegramSdk()?.shareURL.ifAvailable(url, title) ?? [false];
  if (sharedInTelegram) return 'telegram';
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return 'device';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Otherwise (not allowed here, no share target) fall through to copying.
    }
  }
  return (await copyText(url)) ? 'copied' : 'failed';
}

/** Copies `text` to the clipboard: the async clipboard, else a selection for pages without it. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return copyWithSelection(text);
  }
}

/** For pages without the async clipboard (plain http, old webviews). */
function copyWithSelection(text: string): boolean {
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.appendChild(field);
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    field.remove();
  }
}

import { telegramSdk } from './sdk';

export type ShareOutcome = 'telegram' | 'device' | 'copied' | 'cancelled' | 'failed';

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
  try {
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    return copyWithSelection(url) ? 'copied' : 'failed';
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

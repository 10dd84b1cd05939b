import { telegramSdk } from './sdk';

/** Opens a t.me link: Telegram's own navigation inside the container, a new tab on the web. */
export function openTelegramUrl(url: string): void {
  const [opened] = telegramSdk()?.openTelegramLink.ifAvailable(url) ?? [false];
  if (!opened) window.open(url, '_blank', 'noopener');
}

/** Opens an external page (checkout, wallet) without leaving the mini-app. */
export function openExternalUrl(url: string): void {
  const [opened] = telegramSdk()?.openLink.ifAvailable(url) ?? [false];
  if (!opened) window.open(url, '_blank', 'noopener');
}

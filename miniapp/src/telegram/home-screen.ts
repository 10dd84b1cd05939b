import { telegramSdk } from './sdk';

const PURCHASES_KEY = 'stickerdrop.purchases';
const OFFERED_KEY = 'stickerdrop.homeScreenOffered';

/**
 * After the buyer's second purchase in this app, offers once to add the mini-app to the home screen:
 * Telegram's own prompt, only when the client says the app is not there yet. A client without the
 * methods (before 8.0) or the plain web is never asked, and never counts as offered.
 */
export async function offerHomeScreenAfterPurchase(): Promise<void> {
  const sdk = telegramSdk();
  if (!sdk) return;
  const purchases = Number(localStorage.getItem(PURCHASES_KEY) ?? 0) + 1;
  localStorage.setItem(PURCHASES_KEY, String(purchases));
  if (purchases < 2 || localStorage.getItem(OFFERED_KEY)) return;
  if (!sdk.checkHomeScreenStatus.isAvailable() || !sdk.addToHomeScreen.isAvailable()) return;
  localStorage.setItem(OFFERED_KEY, new Date().toISOString());
  try {
    const status = await sdk.checkHomeScreenStatus();
    // "unknown": the client cannot tell (some Android launchers); its prompt then says what it can.
    if (status === 'missed' || status === 'unknown') sdk.addToHomeScreen.ifAvailable();
  } catch (error) {
    console.warn('Home screen status unavailable', error);
  }
}

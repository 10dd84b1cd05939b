import { telegramSdk } from './sdk';

/**
 * Telegram's fullscreen (Mini Apps 8.0) for a moment that wants the whole screen, such as a sticker seen
 * large; nothing on the plain web or an older client. Returns how to leave it again, which leaves it only
 * when this call entered it (an app already fullscreen stays so). A client that refuses is no error.
 */
export function enterFullscreen(): () => void {
  const viewport = telegramSdk()?.viewport;
  if (!viewport || viewport.isFullscreen() || !viewport.requestFullscreen.isAvailable()) return () => undefined;
  const entering = viewport.requestFullscreen().catch((error: unknown) => console.warn('No fullscreen', error));
  return () => {
    void entering.then(() => {
      if (viewport.isFullscreen() && viewport.exitFullscreen.isAvailable()) {
        viewport.exitFullscreen().catch((error: unknown) => console.warn('Fullscreen kept', error));
      }
    });
  };
}

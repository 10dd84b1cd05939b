import { telegramSdk } from './sdk';

/** Telegram haptics; silently nothing on the plain web or an old client. */
export const haptics = {
  impact: () => void telegramSdk()?.hapticFeedback.impactOccurred.ifAvailable('light'),
  selection: () => void telegramSdk()?.hapticFeedback.selectionChanged.ifAvailable(),
  success: () => void telegramSdk()?.hapticFeedback.notificationOccurred.ifAvailable('success'),
  error: () => void telegramSdk()?.hapticFeedback.notificationOccurred.ifAvailable('error'),
};

/**
 * The part of the Telegram SDK the app uses, loaded as one chunk by init.ts only inside a container.
 * Naming the parts (instead of importing the whole package namespace) lets the bundler drop the rest.
 */
export {
  addToHomeScreen,
  backButton,
  checkHomeScreenStatus,
  closingBehavior,
  createRequestId,
  hapticFeedback,
  init,
  invoice,
  isTMA,
  mainButton,
  miniApp,
  openLink,
  openTelegramLink,
  request,
  retrieveLaunchParams,
  retrieveRawInitData,
  secondaryButton,
  shareMessage,
  shareURL,
  themeParams,
  viewport,
} from '@telegram-apps/sdk-react';

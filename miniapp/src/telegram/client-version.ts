import { telegramSdk } from './sdk';

/**
 * Whether the Telegram client speaks Mini Apps `major.minor` or later; never on the plain web. The version is
 * compared here rather than by the SDK's own wrappers, whose code every launch inside Telegram would load
 * with Home.
 */
export function clientSupports(major: number, minor: number): boolean {
  const version = telegramSdk()?.retrieveLaunchParams().tgWebAppVersion;
  if (!version) return false;
  const [clientMajor = 0, clientMinor = 0] = version.split('.').map(Number);
  return clientMajor > major || (clientMajor === major && clientMinor >= minor);
}

import { Modal } from '@telegram-apps/telegram-ui';
import { useTelegram } from '../telegram/TelegramProvider';
import './sheet-header.css';

/** The platforms telegram-ui draws in its iOS variant (Root.tsx chooses it the same way). */
const IOS_PLATFORMS = new Set(['ios', 'macos']);

/**
 * A bottom sheet's header with its title on every platform: telegram-ui's Modal.Header writes its text
 * only in the iOS variant, which left the sheet's title empty on Android, desktop and the web. Elsewhere
 * the title goes in the header's leading slot, where it is drawn on every platform.
 */
export function SheetHeader({ title }: { title: string }) {
  const { platform } = useTelegram();
  if (platform && IOS_PLATFORMS.has(platform)) return <Modal.Header>{title}</Modal.Header>;
  return <Modal.Header before={<span className="sheet-header__title">{title}</span>} />;
}

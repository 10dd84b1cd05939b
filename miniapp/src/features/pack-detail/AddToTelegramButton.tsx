import { Button } from '@telegram-apps/telegram-ui';
import { useT } from '../../i18n/translate';
import { useSecondaryButton } from '../../telegram/use-main-button';
import { packDetailTexts } from './messages';

/**
 * "Add to Telegram" for an owned pack: inside Telegram the native Secondary Button (the Main Button is
 * free once the pack is owned), elsewhere and on clients before 7.10 a page button.
 */
export function AddToTelegramButton({ pending, onAdd }: { pending: boolean; onAdd: () => void }) {
  const label = useT(packDetailTexts)('pack-detail.addToTelegram');
  const native = useSecondaryButton({ text: label, visible: true, enabled: true, loading: pending, onClick: onAdd });
  if (native) return null;
  return (
    <Button mode="bezeled" size="s" loading={pending} onClick={onAdd}>
      {label}
    </Button>
  );
}

import { Button } from '@telegram-apps/telegram-ui';
import { useSecondaryButton } from '../../telegram/use-main-button';

const LABEL = 'Add to Telegram';

/**
 * "Add to Telegram" for an owned pack: inside Telegram the native Secondary Button (the Main Button is
 * free once the pack is owned), elsewhere and on clients before 7.10 a page button.
 */
export function AddToTelegramButton({ pending, onAdd }: { pending: boolean; onAdd: () => void }) {
  const native = useSecondaryButton({ text: LABEL, visible: true, enabled: true, loading: pending, onClick: onAdd });
  if (native) return null;
  return (
    <Button mode="bezeled" size="s" loading={pending} onClick={onAdd}>
      {LABEL}
    </Button>
  );
}

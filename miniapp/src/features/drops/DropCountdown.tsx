import { Button } from '@telegram-apps/telegram-ui';
import { DROP_TEXTS, formatCountdown, formatDropTime, type PackDetail } from '@stickerdrop/shared';
import { useDropNotify } from './use-drop-notify';
import './drops.css';

/**
 * The pack page before its drop opens: a live countdown, the opening time in UTC, and Notify me (the bot
 * messages the collector once when it opens). The page hides it at zero and Buy Now takes over.
 */
export function DropCountdown({ pack, msLeft }: { pack: PackDetail; msLeft: number }) {
  const notify = useDropNotify(pack.id);
  return (
    <section className="drop" aria-label="Upcoming drop">
      <p className="drop__label">{DROP_TEXTS.opensIn}</p>
      <p className="drop__clock" role="timer" aria-live="off">
        {formatCountdown(msLeft)}
      </p>
      <p className="drop__at">{DROP_TEXTS.opensAt(formatDropTime(pack.dropsAt!))}</p>
      <Button
        mode={pack.notifying ? 'bezeled' : 'filled'}
        size="m"
        stretched
        aria-pressed={pack.notifying}
        loading={notify.pending}
        onClick={() => notify.toggle(!pack.notifying)}
      >
        {pack.notifying ? DROP_TEXTS.notifying : DROP_TEXTS.notifyMe}
      </Button>
    </section>
  );
}

import { Button } from '@telegram-apps/telegram-ui';
import { formatCountdown, type PackDetail } from '@stickerdrop/shared';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/translate';
import { dropsTexts } from './messages';
import { useDropNotify } from './use-drop-notify';
import './drops.css';

/**
 * The pack page before its drop opens: a live countdown, the opening time in the viewer's own time zone, and Notify me (the bot
 * messages the collector once when it opens). The page hides it at zero and Buy Now takes over.
 */
export function DropCountdown({ pack, msLeft }: { pack: PackDetail; msLeft: number }) {
  const notify = useDropNotify(pack.id);
  const t = useT(dropsTexts);
  const format = useFormat();
  // "1d 02:03:04": the clock is digits in every language, the days get the language's unit.
  const [, days, clock] = /^(?:(\d+)d )?(.*)$/.exec(formatCountdown(msLeft))!;
  return (
    <section className="drop" aria-label={t('drops.upcoming')}>
      <p className="drop__label">{t('drops.opensIn')}</p>
      <p className="drop__clock" role="timer" aria-live="off">
        {days ? t('drops.countdownDays', { days: format.number(Number(days)), clock: clock! }) : clock}
      </p>
      <p className="drop__at">{t('drops.opensAt', { at: format.dropTime(pack.dropsAt!) })}</p>
      <Button
        mode={pack.notifying ? 'bezeled' : 'filled'}
        size="m"
        stretched
        aria-pressed={pack.notifying}
        loading={notify.pending}
        onClick={() => notify.toggle(!pack.notifying)}
      >
        {t(pack.notifying ? 'drops.notifying' : 'drops.notifyMe')}
      </Button>
    </section>
  );
}

import { Button, Placeholder } from '@telegram-apps/telegram-ui';
import { useT } from '../../i18n/translate';
import { marketplaceTexts } from './messages';

/**
 * What shows instead of cards: the list failed (try again), nothing is listed on resale at all (not a
 * search that missed: lead back to the whole market), the filters leave nothing (reset them), or the
 * search found nothing.
 */
export function MarketNotice({
  kind,
  onAction,
}: {
  kind: 'failed' | 'noResale' | 'filtered' | 'empty';
  onAction: () => void;
}) {
  const t = useT(marketplaceTexts);
  if (kind === 'empty') {
    return <Placeholder header={t('marketplace.empty.title')} description={t('marketplace.empty.text')} />;
  }
  if (kind === 'filtered') {
    return (
      <Placeholder
        header={t('marketplace.filtered.title')}
        description={t('marketplace.filtered.text')}
        action={
          <Button size="m" onClick={onAction}>
            {t('marketplace.filters.reset')}
          </Button>
        }
      />
    );
  }
  const failed = kind === 'failed';
  return (
    <Placeholder
      header={t(failed ? 'marketplace.error.title' : 'marketplace.noResale.title')}
      description={t(failed ? 'marketplace.error.text' : 'marketplace.noResale.text')}
      action={
        <Button size="m" onClick={onAction}>
          {t(failed ? 'marketplace.error.retry' : 'marketplace.noResale.showAll')}
        </Button>
      }
    />
  );
}

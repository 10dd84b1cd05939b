import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Button } from '@telegram-apps/telegram-ui';
import { formatTon } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { useFormat } from '../../i18n/format';
import { translate, useT } from '../../i18n/translate';
import { RAIL_KEYS, STATUS_KEYS } from './labels';
import { ListState } from './ListState';
import { opsTexts } from './messages';
import { opsApi, opsQueries, type QueueItem } from './queries';
import { useOpsAction } from './use-ops-action';

type Action = { label: string; pending: boolean; run: (id: number) => void } | null;

/** What waits for a person: refunds (retry), payments that matched no order, held payouts (release). */
export function OpsQueues() {
  const api = useApi();
  const t = useT(opsTexts);
  const queues = useQuery(opsQueries.queues(api));
  const retry = useOpsAction(
    (id: number) => opsApi.retryRefund(api, id),
    () => translate(opsTexts, 'ops.queues.retried'),
  );
  const release = useOpsAction(
    (id: number) => opsApi.releasePayout(api, id),
    () => translate(opsTexts, 'ops.queues.released'),
  );
  const list = (pick: (data: NonNullable<typeof queues.data>) => QueueItem[]) =>
    ({ ...queues, data: queues.data ? pick(queues.data) : undefined }) as UseQueryResult<QueueItem[]>;
  return (
    <section className="panel ops__section" aria-labelledby="ops-queues">
      <h2 id="ops-queues">{t('ops.queues.title')}</h2>
      <Queue
        title={t('ops.queues.refunds')}
        query={list((data) => data.refunds)}
        action={{ label: t('ops.queues.retry'), pending: retry.isPending, run: (id) => retry.mutate(id) }}
      />
      <Queue title={t('ops.queues.unmatched')} query={list((data) => data.unmatchedPayments)} action={null} />
      <Queue
        title={t('ops.queues.payouts')}
        query={list((data) => data.heldPayouts)}
        action={{ label: t('ops.queues.release'), pending: release.isPending, run: (id) => release.mutate(id) }}
      />
    </section>
  );
}

function Queue({ title, query, action }: { title: string; query: UseQueryResult<QueueItem[]>; action: Action }) {
  const t = useT(opsTexts);
  return (
    <div className="ops__queue" role="group" aria-label={title}>
      <h3>{title}</h3>
      <ListState query={query} empty={t('ops.queues.empty')}>
        {(items) => (
          <table className="ops__table">
            <thead>
              <tr>
                <th scope="col">{t('ops.queues.amount')}</th>
                <th scope="col">{t('ops.queues.rail')}</th>
                <th scope="col">{t('ops.queues.age')}</th>
                <th scope="col">{t('ops.queues.status')}</th>
                {action ? <td /> : null}
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <QueueRow key={item.id} item={item} action={action} />
              ))}
            </tbody>
          </table>
        )}
      </ListState>
    </div>
  );
}

function QueueRow({ item, action }: { item: QueueItem; action: Action }) {
  const t = useT(opsTexts);
  const format = useFormat();
  const since = new Date(Date.now() - item.ageSeconds * 1000);
  const rail = RAIL_KEYS[item.rail];
  const status = STATUS_KEYS[item.status];
  return (
    <tr>
      <td data-label={t('ops.queues.amount')}>
        <strong>{amountText(item, format)}</strong>
        <span className="muted ops__detail">{t('ops.queues.id', { id: item.id })}</span>
        {item.detail ? <span className="muted ops__detail">{item.detail}</span> : null}
      </td>
      <td data-label={t('ops.queues.rail')}>{rail ? t(rail) : item.rail}</td>
      <td data-label={t('ops.queues.age')}>{format.relative(since, new Date())}</td>
      <td data-label={t('ops.queues.status')}>{status ? t(status) : item.status}</td>
      {action ? (
        <td>
          <Button size="s" mode="bezeled" disabled={action.pending} onClick={() => action.run(item.id)}>
            {action.label}
          </Button>
        </td>
      ) : null}
    </tr>
  );
}

/** The rail's smallest unit in words: nanotons as TON, Stars as a count, cents in the card's currency. */
function amountText(item: QueueItem, format: ReturnType<typeof useFormat>): string {
  const currency = item.currency.toUpperCase();
  if (currency === 'TON') return format.ton(formatTon(BigInt(item.amount)));
  if (currency === 'XTR') return translate(opsTexts, 'ops.amount.stars', { count: Number(item.amount) });
  return format.number(Number(item.amount) / 100, { style: 'currency', currency });
}

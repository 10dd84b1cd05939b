import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '@telegram-apps/telegram-ui';
import { errorText } from '../../api/client';
import { Loading } from '../../components/Loading';
import { useT } from '../../i18n/translate';
import { opsTexts } from './messages';

/** A desk list's loading, error (with its reason and a retry) and empty states, else the list itself. */
export function ListState<T>({
  query,
  empty,
  emptyDetail,
  children,
}: {
  query: UseQueryResult<T[]>;
  empty: string;
  emptyDetail?: string;
  children: (items: T[]) => ReactNode;
}) {
  const t = useT(opsTexts);
  if (query.isPending) return <Loading />;
  if (query.isError) {
    return (
      <div className="ops__error" role="alert">
        <span>{errorText(query.error, t('ops.loadFailed'))}</span>
        <Button size="s" mode="bezeled" onClick={() => void query.refetch()}>
          {t('ops.reload')}
        </Button>
      </div>
    );
  }
  // A short line, not a placeholder: a desk of empty queues stays one screen.
  if (query.data.length === 0) {
    return (
      <p className="ops__empty">
        <span>{empty}</span>
        {emptyDetail ? <span className="muted">{emptyDetail}</span> : null}
      </p>
    );
  }
  return <>{children(query.data)}</>;
}

import { Fragment, useState } from 'react';
import { Link } from '../../router';
import { Button } from '@telegram-apps/telegram-ui';
import type { StudioPack } from '@stickerdrop/shared';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/translate';
import { studioTexts, type StudioKey } from './messages';
import { StudioPackEditor } from './StudioPackEditor';
import { PackStatus } from './PackStatus';

const COLUMNS: StudioKey[] = [
  'studio.packs.pack',
  'studio.packs.status',
  'studio.packs.sold',
  'studio.packs.revenue',
  'studio.packs.royaltiesPaid',
  'studio.packs.royaltiesOwed',
  'studio.packs.views',
  'studio.packs.likes',
];

/**
 * The creator's packs with their figures, one row each; a table on a wide screen, a card per pack on a
 * phone (studio.css), each cell naming its column there. Edit opens the pack's editor below its row.
 */
export function StudioPacksTable({ packs }: { packs: StudioPack[] }) {
  const [editing, setEditing] = useState<number | null>(null);
  const t = useT(studioTexts);
  return (
    <table className="studio-table">
      <caption className="visually-hidden">{t('studio.packs.title')}</caption>
      <thead>
        <tr>
          {COLUMNS.map((column) => (
            <th key={column} scope="col">
              {t(column)}
            </th>
          ))}
          <th scope="col">
            <span className="visually-hidden">{t('studio.packs.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {packs.map((pack) => (
          <Fragment key={pack.id}>
            <StudioPackRow
              pack={pack}
              editing={editing === pack.id}
              onEdit={() => setEditing(editing === pack.id ? null : pack.id)}
            />
            {editing === pack.id ? (
              <tr className="studio-table__editor">
                <td colSpan={COLUMNS.length + 1}>
                  <StudioPackEditor pack={pack} onClose={() => setEditing(null)} />
                </td>
              </tr>
            ) : null}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}

function StudioPackRow({ pack, editing, onEdit }: { pack: StudioPack; editing: boolean; onEdit: () => void }) {
  const t = useT(studioTexts);
  const format = useFormat();
  return (
    <tr data-testid="studio-row">
      <th scope="row" data-label={t('studio.packs.pack')} className="studio-table__pack">
        <Link to={`/sticker?id=${pack.id}`}>{pack.title}</Link>
        <span className="muted">{format.ton(pack.price)}</span>
      </th>
      <td data-label={t('studio.packs.status')}>
        <PackStatus pack={pack} detailClassName="muted studio-table__sub" />
      </td>
      <td data-label={t('studio.packs.sold')}>
        {t('studio.packs.soldOf', { sold: pack.sold, supply: pack.maxSupply })}
      </td>
      <td data-label={t('studio.packs.revenue')}>{format.ton(pack.revenue)}</td>
      <td data-label={t('studio.packs.royaltiesPaid')}>
        {format.ton(pack.royaltiesPaid)}
        <span className="muted studio-table__sub">{t('studio.packs.resales', { count: pack.resales })}</span>
      </td>
      <td
        data-label={t('studio.packs.royaltiesOwed')}
        className={pack.royaltiesOwed !== '0.00' ? 'studio-table__owed' : undefined}
      >
        {format.ton(pack.royaltiesOwed)}
      </td>
      <td data-label={t('studio.packs.views')}>{format.count(pack.views)}</td>
      <td data-label={t('studio.packs.likes')}>{format.count(pack.likes)}</td>
      <td className="studio-table__actions">
        <Button
          size="s"
          mode="bezeled"
          aria-expanded={editing}
          aria-label={t('studio.editPack', { title: pack.title })}
          onClick={onEdit}
        >
          {t('studio.edit')}
        </Button>
      </td>
    </tr>
  );
}

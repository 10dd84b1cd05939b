import { Fragment, useState } from 'react';
import { Link } from '../../router';
import { Button } from '@telegram-apps/telegram-ui';
import { CURRENCY, DROP_STATUS_LABELS, STUDIO_TEXTS, type StudioPack } from '@stickerdrop/shared';
import { dropStatusDetail } from './drop-time';
import { StudioPackEditor } from './StudioPackEditor';

const COLUMNS = ['Pack', 'Status', 'Sold', 'Revenue', 'Royalties paid', 'Royalties owed', 'Views', 'Likes', ''];

const ton = (amount: string) => `${amount} ${CURRENCY}`;

/**
 * The creator's packs with their figures, one row each; a table on a wide screen, a card per pack on a
 * phone (studio.css), each cell naming its column there. Edit opens the pack's editor below its row.
 */
export function StudioPacksTable({ packs }: { packs: StudioPack[] }) {
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <table className="studio-table">
      <caption className="visually-hidden">Your packs</caption>
      <thead>
        <tr>
          {COLUMNS.map((column, i) => (
            <th key={i} scope="col">
              {column || <span className="visually-hidden">Actions</span>}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {packs.map((pack) => (
          <Fragment key={pack.id}>
            <tr data-testid="studio-row">
              <th scope="row" data-label="Pack" className="studio-table__pack">
                <Link to={`/sticker?id=${pack.id}`}>{pack.title}</Link>
                <span className="muted">{ton(pack.price)}</span>
              </th>
              <td data-label="Status">
                <span className={`studio-status studio-status--${pack.dropStatus}`}>
                  {DROP_STATUS_LABELS[pack.dropStatus]}
                </span>
                {dropStatusDetail(pack) ? (
                  <span className="muted studio-table__sub">{dropStatusDetail(pack)}</span>
                ) : null}
              </td>
              <td data-label="Sold">{STUDIO_TEXTS.soldOf(pack.sold, pack.maxSupply)}</td>
              <td data-label="Revenue">{ton(pack.revenue)}</td>
              <td data-label="Royalties paid">
                {ton(pack.royaltiesPaid)}
                <span className="muted studio-table__sub">
                  {pack.resales} {pack.resales === 1 ? 'resale' : 'resales'}
                </span>
              </td>
              <td
                data-label="Royalties owed"
                className={pack.royaltiesOwed !== '0.00' ? 'studio-table__owed' : undefined}
              >
                {ton(pack.royaltiesOwed)}
              </td>
              <td data-label="Views">{pack.views}</td>
              <td data-label="Likes">{pack.likes}</td>
              <td className="studio-table__actions">
                <Button
                  size="s"
                  mode="bezeled"
                  aria-expanded={editing === pack.id}
                  aria-label={`${STUDIO_TEXTS.edit} ${pack.title}`}
                  onClick={() => setEditing(editing === pack.id ? null : pack.id)}
                >
                  {STUDIO_TEXTS.edit}
                </Button>
              </td>
            </tr>
            {editing === pack.id ? (
              <tr className="studio-table__editor">
                <td colSpan={COLUMNS.length}>
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

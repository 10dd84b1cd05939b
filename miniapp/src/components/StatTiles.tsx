import type { ReactNode } from 'react';
import { Icon, type IconNode } from './Icon';

export interface StatTile {
  label: string;
  value: ReactNode;
  icon?: IconNode;
}

/**
 * A row of figure tiles: Home's statistics, the marketplace's, the pack's, the collection's. `compact`
 * figures are a glance above a list: on a phone they take one short row, not two rows of big tiles.
 */
export function StatTiles({ tiles, label, compact = false }: { tiles: StatTile[]; label: string; compact?: boolean }) {
  return (
    <dl className={compact ? 'stat-tiles stat-tiles--compact' : 'stat-tiles'} aria-label={label}>
      {tiles.map(({ label: tileLabel, value, icon }) => (
        <div className="stat-tile" key={tileLabel}>
          {icon ? <Icon className="stat-tile__icon" icon={icon} size={20} /> : null}
          <dd className="stat-tile__value">{value}</dd>
          <dt className="stat-tile__label">{tileLabel}</dt>
        </div>
      ))}
    </dl>
  );
}

import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

export interface StatTile {
  label: string;
  value: ReactNode;
  icon?: LucideIcon;
}

/** A row of figure tiles: Home's statistics, the marketplace's, the pack's, the collection's. */
export function StatTiles({ tiles, label }: { tiles: StatTile[]; label: string }) {
  return (
    <dl className="stat-tiles" aria-label={label}>
      {tiles.map(({ label: tileLabel, value, icon: Icon }) => (
        <div className="stat-tile" key={tileLabel}>
          {Icon ? <Icon className="stat-tile__icon" size={20} /> : null}
          <dd className="stat-tile__value">{value}</dd>
          <dt className="stat-tile__label">{tileLabel}</dt>
        </div>
      ))}
    </dl>
  );
}

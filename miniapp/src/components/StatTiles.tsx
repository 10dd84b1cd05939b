import type { ReactNode } from 'react';

export interface StatTile {
  label: string;
  value: ReactNode;
  icon?: string;
}

/** A row of figure tiles: Home's statistics, the marketplace's, the pack's, the collection's. */
export function StatTiles({ tiles, label }: { tiles: StatTile[]; label: string }) {
  return (
    <dl className="stat-tiles" aria-label={label}>
      {tiles.map((tile) => (
        <div className="stat-tile" key={tile.label}>
          {tile.icon ? (
            <span className="stat-tile__icon" aria-hidden="true">
              {tile.icon}
            </span>
          ) : null}
          <dd className="stat-tile__value">{tile.value}</dd>
          <dt className="stat-tile__label">{tile.label}</dt>
        </div>
      ))}
    </dl>
  );
}

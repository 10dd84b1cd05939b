import { Loading } from '../../components/Loading';

/**
 * Where a grid of pack cards will be, while it loads: cards of the real ones' shape (a square picture and a
 * body), the first holding the spinner, so what follows the grid is already below it and does not move
 * when the cards arrive.
 */
export function PackCardSkeletons({ count }: { count: number }) {
  return (
    <div className="pack-grid">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="pack-card pack-card--skeleton">
          <div className="pack-card__media">{i === 0 ? <Loading /> : null}</div>
          <div className="pack-card__body" />
        </div>
      ))}
    </div>
  );
}

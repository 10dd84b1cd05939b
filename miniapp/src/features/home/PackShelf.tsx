import { useDeferredValue } from 'react';
import type { PackCard as PackCardData } from '@stickerdrop/shared';
import { Link } from '../../router';
import { PackCard } from '../packs/PackCard';
import { PackCardSkeletons } from '../packs/PackCardSkeletons';
import { useLike } from '../packs/use-like';

interface PackShelfProps {
  title: string;
  /** Where the whole list is, and its words ("View All Stickers →"). */
  more: { to: string; label: string };
  /** The packs, or undefined while they load (skeletons of `count` cards hold their place). */
  packs: readonly PackCardData[] | undefined;
  count: number;
  /** A shelf with nothing on it is left out (nothing on resale): a heading over nothing says nothing. */
  hideWhenEmpty?: boolean;
  testId?: string;
}

/** A section of Home: a heading with a link to the whole list, and the first few packs of it. */
export function PackShelf({ title, more, packs, count, hideWhenEmpty = false, testId }: PackShelfProps) {
  const like = useLike();
  // The cards come a render behind their packs: an answer's render is then a transition, which React
  // slices and yields between, not one long task on a phone each time a shelf's answer arrives.
  const shown = useDeferredValue(packs);
  if (hideWhenEmpty && shown?.length === 0) return null;
  return (
    <section className="section" data-testid={testId}>
      <div className="section__head">
        <h2>{title}</h2>
        <Link to={more.to} className="section__link">
          {more.label}
        </Link>
      </div>
      {shown === undefined ? (
        <PackCardSkeletons count={count} />
      ) : (
        <div className="pack-grid">
          {shown.slice(0, count).map((pack, index) => (
            <PackCard key={pack.id} pack={pack} index={index} onToggleFavorite={(p) => like.toggle(p.id)} />
          ))}
        </div>
      )}
    </section>
  );
}

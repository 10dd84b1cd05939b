import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import { useNavigate } from '../../router';
import { resaleQueries } from '../resale/queries';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/translate';
import { tonText } from '../orders/stars-price';
import { useStartOffer } from '../offers/use-start-offer';
import { packDetailTexts } from './messages';

/** The cheapest listed edition of a pack, as its listings list it (cheapest first). */
export interface CheapestListing {
  id: number;
  editionId: number;
  price: string;
}

/**
 * The pack's cheapest listed edition, and whether its listings are still on their way. Read where the
 * action is drawn: their answer then re-renders the price box, not the page around it.
 */
export function useCheapestListing(packId: number): { cheapest: CheapestListing | null; listingsPending: boolean } {
  const api = useApi();
  const listings = useQuery(resaleQueries.listings(api, packId));
  return { cheapest: listings.data?.items[0] ?? null, listingsPending: listings.isPending };
}

/**
 * What a sold-out pack's action does instead of a dead end: with editions listed, it opens the cheapest
 * one's page (its price and Buy are there); with none, it opens a pack-wide offer. While the listings
 * load, the pack's own floor says which it will be.
 */
export function useSoldOutAction(props: {
  floorPrice: string | null;
  cheapest: CheapestListing | null;
  listingsPending: boolean;
}) {
  const { floorPrice, cheapest, listingsPending } = props;
  const t = useT(packDetailTexts);
  const format = useFormat();
  const navigate = useNavigate();
  const offering = useStartOffer();
  const waiting = listingsPending && cheapest === null;
  const floor = cheapest?.price ?? (waiting ? floorPrice : null);
  const to = cheapest ? `/edition?id=${cheapest.editionId}` : null;
  const run = () => {
    if (to) navigate(to);
    else if (!waiting) offering.start();
  };
  return {
    text: floor ? t('pack-detail.fromResale', { price: tonText(format, floor) }) : t('pack-detail.makeOffer'),
    /** The cheapest listing's page, when there is one: the page's button is a link there. */
    to,
    loading: waiting,
    run,
    offering,
  };
}

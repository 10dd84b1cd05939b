import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import { configQueries } from '../config/queries';
import type { StarsTerms } from './stars-price';

/** The API's Stars rate and lock (GET /api/config, cached for the page's life). */
export function useStarsTerms(): StarsTerms {
  const api = useApi();
  const config = useQuery(configQueries.detail(api));
  return config.data;
}

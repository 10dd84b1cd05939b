import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import { worthQueries } from '../worth/queries';
import { WorthLine } from '../worth/worth';

/** The collection's worth today in one line, as the collection shows it; nothing while it loads or fails. */
export function ProfileWorth() {
  const api = useApi();
  const worth = useQuery(worthQueries.collection(api));
  return worth.data ? <WorthLine worth={worth.data} testId="profile-worth" /> : null;
}

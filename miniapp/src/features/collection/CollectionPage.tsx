import { Page } from '../../telegram/Page';

export function CollectionPage() {
  return <Page>CollectionPage</Page>;
}

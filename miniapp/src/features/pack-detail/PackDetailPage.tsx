import { Page } from '../../telegram/Page';

export function PackDetailPage() {
  return <Page>PackDetailPage</Page>;
}

import { Page } from '../../telegram/Page';

export function CreatePage() {
  return <Page>CreatePage</Page>;
}

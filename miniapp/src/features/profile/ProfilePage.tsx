import { Page } from '../../telegram/Page';

export function ProfilePage() {
  return <Page>ProfilePage</Page>;
}

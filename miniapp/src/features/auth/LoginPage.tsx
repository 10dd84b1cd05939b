import { Page } from '../../telegram/Page';

export function LoginPage() {
  return <Page>LoginPage</Page>;
}

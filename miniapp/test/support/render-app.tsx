import { render } from '@testing-library/react';
import { STORAGE_KEYS } from '@stickerdrop/shared';
import { createApiContext } from '../../src/api/create-api';
import { localTokenStore } from '../../src/api/token-store';
import { createQueryClient } from '../../src/app/query-client';
import { Root } from '../../src/app/Root';
import { PLAIN_WEB, type TelegramEnvironment } from '../../src/telegram/environment';

/** The whole app as main.tsx builds it, on a route, against whatever fakeApi() answers. */
export function renderApp(route = '/', options: { signedIn?: boolean; telegram?: TelegramEnvironment } = {}) {
  if (options.signedIn) {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'access-1');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
  }
  window.location.hash = `#${route}`;
  const api = createApiContext('http://api.test', localTokenStore(localStorage));
  const queryClient = createQueryClient();
  const result = render(<Root telegram={options.telegram ?? PLAIN_WEB} api={api} queryClient={queryClient} />);
  return { ...result, api, queryClient };
}

import type { Page } from 'playwright-core';

/** The page's own API call with the session the app signed in with (GET, or POST with a JSON body). */
export async function callApi<T>(page: Page, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          authorization: `Bearer ${localStorage.getItem('accessToken')}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return response.json();
    },
    { path, body },
  ) as Promise<T>;
}

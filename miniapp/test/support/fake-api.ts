import { vi } from 'vitest';

export type Handler = (request: {
  url: URL;
  method: string;
  body: unknown;
  headers: Headers;
}) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Replaces fetch with a table of routes ("GET /api/stickers/1"); unknown routes answer 404 like the API.
 * Returns the calls made, so tests can assert what was sent.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: Array<{ method: string; path: string; body: unknown; authorization: string | null }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const method = request.method;
    const text = init?.body instanceof FormData ? null : await request.text();
    const body = init?.body instanceof FormData ? init.body : text ? (JSON.parse(text) as unknown) : undefined;
    calls.push({ method, path: url.pathname + url.search, body, authorization: request.headers.get('authorization') });
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) return json({ error: 'Not found' }, 404);
    return handler({ url, method, body, headers: request.headers });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

import { describe, expect, it } from 'vitest';
import { createApiContext } from '../../src/api/create-api';
import { localTokenStore } from '../../src/api/token-store';
import { createQueryClient } from '../../src/app/query-client';
import { prefetchScreenData } from '../../src/app/screen-data';
import { packQueries } from '../../src/features/packs/queries';
import { resaleQueries } from '../../src/features/resale/queries';
import { fakeApi, json } from '../support/fake-api';
import { packDetail } from '../support/data';

const setup = () => {
  const { api } = createApiContext('http://api.test', localTokenStore(localStorage));
  return { api, queryClient: createQueryClient() };
};

describe("the opening screen's data, asked for before the first render", () => {
  it('takes the public answer the document already has instead of asking the API again', async () => {
    const { calls } = fakeApi({});
    const { api, queryClient } = setup();
    const pack = packDetail({ id: 7 });
    await prefetchScreenData('/sticker?id=7', queryClient, api, Promise.resolve(pack));
    expect(queryClient.getQueryData(packQueries.detailKey(7))).toEqual(pack);
    expect(calls).toEqual([]);
  });

  it('asks the API when the document came to nothing (its request failed, or it had none)', async () => {
    const pack = packDetail({ id: 7 });
    const { calls } = fakeApi({
      'GET /api/stickers/7': () => json(pack),
      'GET /api/editions/3': () => json({ id: 3 }),
    });
    const { api, queryClient } = setup();
    await prefetchScreenData('/sticker?id=7', queryClient, api, Promise.resolve(null));
    await prefetchScreenData('/edition?id=3', queryClient, api);
    expect(queryClient.getQueryData(packQueries.detailKey(7))).toEqual(pack);
    expect(queryClient.getQueryData(resaleQueries.edition(api, 3).queryKey)).toEqual({ id: 3 });
    expect(calls.map((call) => call.path)).toEqual(['/api/stickers/7', '/api/editions/3']);
  });

  it('asks for nothing on a screen without data of its own', async () => {
    const { calls } = fakeApi({});
    const { api, queryClient } = setup();
    await prefetchScreenData('/profile', queryClient, api, Promise.resolve({}));
    expect(calls).toEqual([]);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it("takes the marketplace's first page from the document, under the key the page reads, asking nothing", async () => {
    const { calls } = fakeApi({});
    const { api, queryClient } = setup();
    const page = { items: [], nextCursor: null };
    await prefetchScreenData('/marketplace?format=video', queryClient, api, Promise.resolve(page));
    const key = packQueries.list(api, { search: '', sort: 'trending', format: 'video', availability: 'all' }).queryKey;
    expect(queryClient.getQueryData(key)).toEqual({ pages: [page], pageParams: [null] });
    expect(calls).toEqual([]);
  });
});

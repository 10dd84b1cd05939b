import { describe, expect, it } from 'vitest';
import { openingRoute, startRoute } from '../../src/telegram/opening-route';

const launch = 'tgWebAppData=user%3D%257B%257D&tgWebAppVersion=8.0&tgWebAppPlatform=android';

describe('the route the app opens on', () => {
  it("is the address's hash on the web, Home when there is none", () => {
    expect(openingRoute({ hash: '#/sticker?id=7', search: '' })).toBe('/sticker?id=7');
    expect(openingRoute({ hash: '', search: '' })).toBe('/');
  });

  it("is the start parameter's screen for a Telegram launch, which passes it in the query", () => {
    expect(openingRoute({ hash: `#${launch}`, search: '?tgWebAppStartParam=pack_7' })).toBe('/sticker?id=7');
    expect(openingRoute({ hash: `#${launch}`, search: '?tgWebAppStartParam=edition_12' })).toBe('/edition?id=12');
    // Emulators (and this repository's e2e client before) put it in the hash.
    expect(openingRoute({ hash: `#${launch}&tgWebAppStartParam=pack_7`, search: '' })).toBe('/sticker?id=7');
    expect(openingRoute({ hash: `#${launch}`, search: '' })).toBe('/');
  });

  it('is the route a reload inside Telegram keeps, whatever the query still says', () => {
    expect(openingRoute({ hash: '#/marketplace', search: '?tgWebAppStartParam=pack_7' })).toBe('/marketplace');
  });

  it('opens an order on its pack, and anything unknown on Home', () => {
    const orderId = '0b6f1a9e-3c1d-4a8b-9d0e-2f4a6b8c0d1e';
    expect(startRoute(`order_7_${orderId}`)).toBe(`/sticker?id=7&order=${orderId}`);
    expect(startRoute('login_abcdefghijklmnopq')).toBe('/');
    expect(startRoute(null)).toBe('/');
  });
});

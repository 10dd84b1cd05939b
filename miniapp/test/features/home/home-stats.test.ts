import { describe, expect, it } from 'vitest';
import { homeStatTiles } from '../../../src/features/home/home-stats';
import { homeTexts } from '../../../src/features/home/messages';
import { formatsFor } from '../../../src/i18n/format';
import { switchLanguage } from '../../../src/i18n/language';
import { translate } from '../../../src/i18n/translate';
import { stats } from '../../support/data';

type HomeKey = NonNullable<(typeof homeTexts)['keys']>;
const t = (key: HomeKey) => translate(homeTexts, key);

describe('home statistic tiles', () => {
  it('show SPEC §9 fallback figures when the stats call yields no data', () => {
    expect(homeStatTiles(undefined, t, formatsFor('en')).map((tile) => [tile.label, tile.value])).toEqual([
      ['Active Listings', '1,234'],
      ['Creators', '567'],
      ['TON Volume', '89.5K'],
      ['Total Sales', '2,345'],
    ]);
  });

  it('format the real figures', () => {
    expect(homeStatTiles(stats, t, formatsFor('en')).map((tile) => tile.value)).toEqual(['42', '7', '12.5K', '1,234']);
  });

  it('speak Russian, with Russian digits', async () => {
    await switchLanguage('ru');
    expect(homeStatTiles(stats, t, formatsFor('ru')).map((tile) => [tile.label, tile.value])).toEqual([
      ['Активные лоты', '42'],
      ['Авторы', '7'],
      ['Оборот в TON', '12,5\u00a0тыс.'],
      ['Всего продаж', '1\u00a0234'],
    ]);
  });
});

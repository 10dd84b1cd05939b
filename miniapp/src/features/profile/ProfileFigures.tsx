import { Gem, Palette, ShoppingBag, TrendingUp } from '../../components/icon-set';
import type { Profile } from '@stickerdrop/shared';
import { StatTiles } from '../../components/StatTiles';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/translate';
import { profileTexts } from './messages';

/**
 * SPEC's four statistics, then where the money came from: first-hand sales of the user's packs, their
 * resales, royalties (paid, and for a creator owed for want of a wallet), and what their purchases cost.
 */
export function ProfileFigures({ profile, creator }: { profile: Profile | undefined; creator: boolean }) {
  const t = useT(profileTexts);
  const format = useFormat();
  const ton = (amount: string | undefined) => format.ton(amount ?? '0.00');
  const count = (value: number | undefined) => format.count(value ?? 0);
  const rows: [string, string][] = [
    [t('profile.money.primary'), `${count(profile?.primarySales)} · ${ton(profile?.primaryRevenue)}`],
    [t('profile.money.resales'), `${count(profile?.resales)} · ${ton(profile?.resaleProceeds)}`],
    [t('profile.money.royaltiesPaid'), ton(profile?.royaltiesPaid)],
    // Owed royalties wait for a creator's wallet; a collector has none to wait for.
    ...(creator ? [[t('profile.money.royaltiesOwed'), ton(profile?.royaltiesOwed)] as [string, string]] : []),
    [t('profile.money.spent'), ton(profile?.totalSpent)],
  ];
  return (
    <>
      <StatTiles
        label={t('profile.stats.label')}
        tiles={[
          { label: t('profile.stats.created'), value: count(profile?.stickersCreated), icon: Palette },
          { label: t('profile.stats.sold'), value: count(profile?.stickersSold), icon: TrendingUp },
          { label: t('profile.stats.earnings'), value: ton(profile?.totalEarnings), icon: Gem },
          { label: t('profile.stats.purchased'), value: count(profile?.stickersPurchased), icon: ShoppingBag },
        ]}
      />
      <section className="panel profile__money" aria-label={t('profile.money.label')}>
        <dl className="profile__facts">
          {rows.map(([label, value]) => (
            <div key={label} className="profile__money-row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}

import { Gem, Palette, ShoppingBag, TrendingUp } from '../../components/icon-set';
import { CURRENCY, type Profile } from '@stickerdrop/shared';
import { StatTiles } from '../../components/StatTiles';

const ton = (amount: string | undefined) => `${amount ?? '0.00'} ${CURRENCY}`;

/**
 * SPEC's four statistics, then where the money came from: first-hand sales of the user's packs, their
 * resales, royalties (paid, and owed for want of a wallet), and what their purchases cost.
 */
export function ProfileFigures({ profile }: { profile: Profile | undefined }) {
  const rows: [string, string][] = [
    ['Sales of your packs', `${profile?.primarySales ?? 0} · ${ton(profile?.primaryRevenue)}`],
    ['Your resales', `${profile?.resales ?? 0} · ${ton(profile?.resaleProceeds)}`],
    ['Royalties received', ton(profile?.royaltiesPaid)],
    ['Royalties owed', ton(profile?.royaltiesOwed)],
    ['Spent on packs', ton(profile?.totalSpent)],
  ];
  return (
    <>
      <StatTiles
        label="Statistics"
        tiles={[
          { label: 'Packs Created', value: profile?.stickersCreated ?? 0, icon: Palette },
          { label: 'Packs Sold', value: profile?.stickersSold ?? 0, icon: TrendingUp },
          { label: 'Total Earnings', value: ton(profile?.totalEarnings), icon: Gem },
          { label: 'Packs Purchased', value: profile?.stickersPurchased ?? 0, icon: ShoppingBag },
        ]}
      />
      <section className="panel profile__money" aria-label="Earnings and spending">
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

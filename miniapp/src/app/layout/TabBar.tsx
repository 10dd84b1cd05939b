import { NavLink } from '../../router';
import { CircleUser, House, Images, Palette, Store } from '../../components/icon-set';
import { Icon, type IconNode } from '../../components/Icon';
import { useAuth } from '../../features/auth/AuthProvider';
import { haptics } from '../../telegram/haptics';
import { useT } from '../../i18n/translate';
import { layoutTexts } from './messages';
import { tabLinks } from './nav-links';

const ICONS: Record<string, IconNode> = {
  '/': House,
  '/marketplace': Store,
  '/studio': Palette,
  '/collection': Images,
  '/profile': CircleUser,
  '/login': CircleUser,
};

/**
 * Inside Telegram: the header's links as a bottom tab bar in telegram-ui's style (global.css copies its
 * Tabbar's look), every screen one tap away. Links rather than telegram-ui's buttons: they are links, and
 * its Tabbar cost Home's first load half a kilobyte.
 */
export function TabBar() {
  const { user, loading } = useAuth();
  const t = useT(layoutTexts);
  // While Telegram signs the user in, the signed-out tabs would flash up and change a moment later.
  const links = loading ? [] : tabLinks(user);
  return (
    <nav className="tabbar" aria-label={t('layout.nav.main')}>
      {links.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end
          className={({ isActive }) => (isActive ? 'tabbar__item tabbar__item--active' : 'tabbar__item')}
          onClick={() => haptics.selection()}
        >
          <span className="tabbar__icon">
            <Icon icon={ICONS[link.to] ?? House} size={26} />
          </span>
          <span className="tabbar__text">{t(link.label)}</span>
        </NavLink>
      ))}
    </nav>
  );
}

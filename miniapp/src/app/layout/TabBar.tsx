import { useLocation, useNavigate } from 'react-router-dom';
import { Tabbar } from '@telegram-apps/telegram-ui';
import { CircleUser, House, Images, SquarePlus, Store } from '../../components/icon-set';
import { Icon, type IconNode } from '../../components/Icon';
import { useAuth } from '../../features/auth/AuthProvider';
import { haptics } from '../../telegram/haptics';
import { tabLinks } from './nav-links';

const ICONS: Record<string, IconNode> = {
  '/': House,
  '/marketplace': Store,
  '/create': SquarePlus,
  '/collection': Images,
  '/profile': CircleUser,
  '/login': CircleUser,
};

/** Inside Telegram: the header's links as telegram-ui's bottom tab bar, every screen one tap away. */
export function TabBar() {
  const { user, loading } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // While Telegram signs the user in, the signed-out tabs would flash up and change a moment later.
  const links = loading ? [] : tabLinks(user);
  return (
    <Tabbar className="tabbar" role="navigation" aria-label="Main">
      {links.map((link) => (
        <Tabbar.Item
          key={link.to}
          className="tabbar__item"
          text={link.label}
          selected={pathname === link.to}
          aria-current={pathname === link.to ? 'page' : undefined}
          onClick={() => {
            if (pathname === link.to) return window.scrollTo({ top: 0, behavior: 'smooth' });
            haptics.selection();
            navigate(link.to);
          }}
        >
          <Icon icon={ICONS[link.to] ?? House} size={26} />
        </Tabbar.Item>
      ))}
    </Tabbar>
  );
}

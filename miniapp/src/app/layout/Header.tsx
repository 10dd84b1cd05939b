import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from '../../router';
import { Ticket } from '../../components/icon-set';
import { Icon } from '../../components/Icon';
import { useAuth } from '../../features/auth/AuthProvider';
import { useTelegram } from '../../telegram/TelegramProvider';
import { ButtonLink } from '../../components/ButtonLink';
import { CloseIcon, MenuIcon } from '../../components/icons';
import { useT } from '../../i18n/translate';
import { shellTexts } from '../../shell/messages';
import { layoutTexts } from './messages';
import { avatarInitial, displayFirstName, navLinks } from './nav-links';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'nav-link nav-link--active' : 'nav-link');

/**
 * SPEC §2 header: logo, links, the signed-in user or Login; a drawer at 768 px and below. Inside Telegram
 * the links are the tab bar's (TabBar.tsx) and Telegram's own header has the title and the close button:
 * the bar keeps the logo and the avatar only.
 */
export function Header() {
  const { inside } = useTelegram();
  const { user, loading } = useAuth();
  const t = useT(layoutTexts);
  const tFirst = useT(shellTexts);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  const links = navLinks(Boolean(user), Boolean(user?.isCreator));

  // Following a link closes the drawer.
  useEffect(() => setDrawerOpen(false), [location.pathname, location.search]);

  const logo = (
    <Link to="/" className="header__logo" aria-label={tFirst('shell.logoLabel')}>
      <Icon icon={Ticket} className="header__logo-icon" size={22} /> Stickerdrop
    </Link>
  );
  if (inside) {
    return (
      <header className="header">
        <div className="header__bar">
          {logo}
          {user ? (
            <NavLink
              to="/profile"
              className="header__user header__account"
              aria-label={t('layout.header.profileOf', { name: displayFirstName(user.first_name) })}
            >
              <span className="initial" aria-hidden="true">
                {avatarInitial(user.first_name)}
              </span>
            </NavLink>
          ) : null}
        </div>
      </header>
    );
  }

  return (
    <header className="header">
      <div className="header__bar">
        {logo}
        <nav className="header__nav" aria-label={t('layout.nav.main')}>
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} end className={linkClass}>
              {t(link.label)}
            </NavLink>
          ))}
        </nav>
        <div className="header__account">
          {user ? (
            <NavLink to="/profile" className={({ isActive }) => `header__user${isActive ? ' nav-link--active' : ''}`}>
              <span className="initial" aria-hidden="true">
                {avatarInitial(user.first_name)}
              </span>
              <span className="header__name">{displayFirstName(user.first_name)}</span>
              <span className="header__profile">{t('layout.nav.profile')}</span>
            </NavLink>
          ) : loading ? null : (
            // While a stored session is checked (or Telegram signs in), no Login button flashes up.
            <ButtonLink size="s" to="/login" className="header__login">
              {t('layout.nav.login')}
            </ButtonLink>
          )}
          <button
            type="button"
            className="header__toggle"
            aria-label={t(drawerOpen ? 'layout.nav.closeMenu' : 'layout.nav.openMenu')}
            aria-expanded={drawerOpen}
            aria-controls="drawer"
            onClick={() => setDrawerOpen((open) => !open)}
          >
            {drawerOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
      {drawerOpen ? (
        <>
          <div className="drawer-backdrop" onClick={() => setDrawerOpen(false)} />
          <nav id="drawer" className="drawer" aria-label={t('layout.nav.menu')}>
            {links.map((link) => (
              <NavLink key={link.to} to={link.to} end className={linkClass}>
                {t(link.label)}
              </NavLink>
            ))}
            {user ? (
              <NavLink to="/profile" className={linkClass}>
                {t('layout.nav.profile')}
              </NavLink>
            ) : (
              <NavLink to="/login" className={linkClass}>
                {t('layout.nav.login')}
              </NavLink>
            )}
          </nav>
        </>
      ) : null}
    </header>
  );
}

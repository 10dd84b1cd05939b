import { translate } from '../../i18n/translate';
import { layoutTexts } from './messages';

type AppKey = NonNullable<(typeof layoutTexts)['keys']>;

/** The header's links (SPEC §2): Home and Marketplace for all, Create and Collection when signed in. */
export interface NavLinkItem {
  to: string;
  /** The link's text, as a key of the app's catalogue. */
  label: AppKey;
}

export function navLinks(signedIn: boolean, isCreator = false): NavLinkItem[] {
  const links: NavLinkItem[] = [
    { to: '/', label: 'layout.nav.home' },
    { to: '/marketplace', label: 'layout.nav.marketplace' },
  ];
  if (signedIn)
    links.push({ to: '/create', label: 'layout.nav.create' }, { to: '/collection', label: 'layout.nav.collection' });
  // Beyond SPEC's header: a creator's studio (their packs, sales, royalties).
  if (signedIn && isCreator) links.push({ to: '/studio', label: 'layout.nav.studio' });
  return links;
}

/** SPEC §2 fallbacks: the avatar shows U and the name User when Telegram gave no first name. */
export function displayFirstName(firstName: string | null | undefined): string {
  return firstName?.trim() || translate(layoutTexts, 'layout.user.fallbackName');
}

/** A letter, not a word: SPEC's "U" in every language. */
const AVATAR_FALLBACK = 'U';

export function avatarInitial(firstName: string | null | undefined): string {
  return firstName?.trim().charAt(0).toUpperCase() || AVATAR_FALLBACK;
}

/**
 * Inside Telegram the header's links are a bottom tab bar of five at most: a creator's Studio in place of
 * Create (the studio opens the form; others have no use for a form they cannot send), Profile in place of
 * the header's avatar link, Login when signed out.
 */
export function tabLinks(user: { isCreator: boolean } | null): NavLinkItem[] {
  if (!user) return [...navLinks(false), { to: '/login', label: 'layout.nav.login' }];
  return [
    ...navLinks(true, user.isCreator).filter((link) => link.to !== '/create'),
    { to: '/profile', label: 'layout.nav.profile' },
  ];
}

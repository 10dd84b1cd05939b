/** The header's links (SPEC §2): Home and Marketplace for all, Create and Collection when signed in. */
export interface NavLinkItem {
  to: string;
  label: string;
}

export function navLinks(signedIn: boolean, isCreator = false): NavLinkItem[] {
  const links = [
    { to: '/', label: 'Home' },
    { to: '/marketplace', label: 'Marketplace' },
  ];
  if (signedIn) links.push({ to: '/create', label: 'Create' }, { to: '/collection', label: 'Collection' });
  // Beyond SPEC's header: a creator's studio (their packs, sales, royalties).
  if (signedIn && isCreator) links.push({ to: '/studio', label: 'Studio' });
  return links;
}

/** SPEC §2 fallbacks: the avatar shows U and the name User when Telegram gave no first name. */
export function displayFirstName(firstName: string | null | undefined): string {
  return firstName?.trim() || 'User';
}

export function avatarInitial(firstName: string | null | undefined): string {
  return firstName?.trim().charAt(0).toUpperCase() || 'U';
}

/**
 * Inside Telegram the header's links are a bottom tab bar of five at most: a creator's Studio in place of
 * Create (the studio opens the form; others have no use for a form they cannot send), Profile in place of
 * the header's avatar link, Login when signed out.
 */
export function tabLinks(user: { isCreator: boolean } | null): NavLinkItem[] {
  if (!user) return [...navLinks(false), { to: '/login', label: 'Login' }];
  return [
    ...navLinks(true, user.isCreator).filter((link) => link.to !== '/create'),
    { to: '/profile', label: 'Profile' },
  ];
}

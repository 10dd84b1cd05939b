import { describe, expect, it } from 'vitest';
import { navLinks, tabLinks, type NavLinkItem } from '../../src/app/layout/nav-links';
import { layoutTexts } from '../../src/app/layout/messages';
import { translate } from '../../src/i18n/translate';

const labels = (links: NavLinkItem[]) => links.map((link) => translate(layoutTexts, link.label));

describe('navigation links', () => {
  it('the web header adds Studio for creators only', () => {
    expect(labels(navLinks(true))).toEqual(['Home', 'Marketplace', 'Create', 'Collection']);
    expect(labels(navLinks(true, true))).toEqual(['Home', 'Marketplace', 'Create', 'Collection', 'Studio']);
    expect(labels(navLinks(false, true))).toEqual(['Home', 'Marketplace']);
  });

  it('the tab bar keeps five tabs: a creator gets Studio in place of Create', () => {
    expect(labels(tabLinks({ isCreator: true }))).toEqual(['Home', 'Marketplace', 'Collection', 'Studio', 'Profile']);
    expect(labels(tabLinks({ isCreator: false }))).toEqual(['Home', 'Marketplace', 'Collection', 'Profile']);
    expect(labels(tabLinks(null))).toEqual(['Home', 'Marketplace', 'Login']);
  });
});

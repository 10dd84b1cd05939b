import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { drawShell, detailPicture, type ShellOptions } from '../../src/first-screen/shell';
import { DetailPicture } from '../../src/features/packs/DetailPicture';
import { fakeApi, json } from '../support/fake-api';
import { demoConfig, packDetail, stats } from '../support/data';
import { insideTelegram } from '../support/fake-sdk';
import { renderApp } from '../support/render-app';

/**
 * The first screen copies what the app's components draw, element for element, so React's first render
 * replaces it with the same thing in the same place. These hold each copy to its component.
 */

/** An element's place: its tag and classes, and its ancestors' up to telegram-ui's AppRoot. */
function trail(element: Element): string[] {
  const steps: string[] = [];
  for (let node: Element | null = element; node; node = node.parentElement) {
    steps.push(`${node.tagName.toLowerCase()}.${[...node.classList].sort().join('.')}`);
    if (node.classList.contains('app-root')) break;
  }
  return steps;
}

/** What comes before an element in its page's main column (the back button, say). */
const before = (element: Element) => {
  let node: Element | null = element;
  while (node?.parentElement && !node.parentElement.matches('main')) node = node.parentElement;
  const siblings: Element[] = [];
  for (let sibling = node?.previousElementSibling; sibling; sibling = sibling.previousElementSibling)
    siblings.unshift(sibling);
  return siblings.map((sibling) => sibling.outerHTML);
};

function shell(options: Partial<ShellOptions> & { route: string }) {
  const root = document.createElement('div');
  root.id = 'first-screen';
  document.body.append(root);
  const pictureSlot = drawShell(root, { inside: false, ios: false, picture: null, language: 'en', ...options });
  return { root, pictureSlot, remove: () => root.remove() };
}

describe("the document's first screen is the app's, element for element", () => {
  it("draws Home's hero and the header's logo as HomePage and Header do, in the same places", async () => {
    fakeApi({ 'GET /api/marketplace/stats': () => json(stats), 'GET /api/stickers/trending/list': () => json([]) });
    const { container } = renderApp('/');
    const appHero = (await screen.findByRole('heading', { name: /Limited-edition/ })).closest('.hero')!;
    const drawn = shell({ route: '/' });
    const hero = drawn.root.querySelector('.hero')!;
    expect(hero.isEqualNode(appHero)).toBe(true);
    expect(trail(hero)).toEqual(trail(appHero));
    expect(before(hero)).toEqual(before(appHero));
    const logo = drawn.root.querySelector('.header__logo')!;
    expect(logo.isEqualNode(container.querySelector('.header__logo'))).toBe(true);
    expect(trail(logo)).toEqual(trail(container.querySelector('.header__logo')!));
    drawn.remove();
  });

  it("inside Telegram draws Home's trending shelf's heading where HomePage draws it, skeleton cards under it", async () => {
    fakeApi({ 'GET /api/stickers/trending/list': () => json([]), 'GET /api/stickers': () => json({ items: [] }) });
    renderApp('/', { telegram: insideTelegram });
    const appHead = (await screen.findByRole('heading', { name: 'Trending Stickers' })).closest('.section__head')!;
    const drawn = shell({ route: '/', inside: true });
    const head = drawn.root.querySelector('.section__head')!;
    expect(trail(head)).toEqual(trail(appHead));
    // The same heading and link, hidden from assistive technology and out of the tab order until the
    // app's own replace them: a wait for the heading is a wait for the app.
    expect(head.getAttribute('aria-hidden')).toBe('true');
    expect(head.querySelector('a')!.getAttribute('tabindex')).toBe('-1');
    const asTheAppDraws = head.cloneNode(true) as Element;
    asTheAppDraws.removeAttribute('aria-hidden');
    asTheAppDraws.querySelector('a')!.removeAttribute('tabindex');
    expect(asTheAppDraws.isEqualNode(appHead)).toBe(true);
    expect(screen.getAllByRole('heading', { name: 'Trending Stickers' })).toHaveLength(1);
    expect(drawn.root.querySelector('.hero')).toBeNull();
    expect(drawn.root.querySelectorAll('.section .pack-card--skeleton')).toHaveLength(6);
    drawn.remove();
  });

  it("draws the marketplace's heading as MarketplacePage does", async () => {
    fakeApi({
      'GET /api/marketplace/stats': () => json(stats),
      'GET /api/stickers': () => json({ items: [], nextCursor: null }),
    });
    renderApp('/marketplace');
    const appHeading = await screen.findByRole('heading', { name: 'Marketplace', level: 1 }, { timeout: 5000 });
    const drawn = shell({ route: '/marketplace' });
    const heading = drawn.root.querySelector('h1')!;
    expect(heading.isEqualNode(appHeading)).toBe(true);
    expect(trail(heading)).toEqual(trail(appHeading));
    expect(before(heading)).toEqual(before(appHeading));
    expect(drawn.root.querySelectorAll('main .pack-card--skeleton')).toHaveLength(6);
    drawn.remove();
  });

  it("draws a pack's picture where PackDetailPage does, under the web's back button", async () => {
    fakeApi({ 'GET /api/config': () => json(demoConfig), 'GET /api/stickers/1': () => json(packDetail()) });
    renderApp('/sticker?id=1');
    const appPicture = await screen.findByRole('img', { name: 'Space Cats' }, { timeout: 5000 });
    const drawn = shell({ route: '/sticker?id=1', picture: { kind: 'pack', id: 1 } });
    drawn.pictureSlot!.prepend(detailPicture('/files/preview-1.webp', 'Space Cats'));
    const picture = drawn.root.querySelector('img')!;
    expect(picture.isEqualNode(appPicture)).toBe(true);
    expect(trail(picture)).toEqual(trail(appPicture));
    expect(before(picture)).toEqual(before(appPicture));
    drawn.remove();
  });

  it("draws an edition's picture in EditionPage's column; inside Telegram without the web's back button", () => {
    const drawn = shell({ route: '/edition?id=4', picture: { kind: 'edition', id: 4 }, inside: true });
    drawn.pictureSlot!.prepend(detailPicture('/files/p.webp', 'Night Owls'));
    expect(trail(drawn.root.querySelector('img')!)).toEqual([
      'img.detail-picture',
      'div.edition__media',
      'article.edition',
      'main.main',
      'div.layout.layout--tabbar',
      'div.app-root.tgui-6a12827a138e8827',
    ]);
    expect(drawn.root.querySelector('.page-back')).toBeNull();
    drawn.remove();
  });

  it('draws the picture as DetailPicture does: every width it comes in, at the width its box needs', () => {
    const { container } = render(<DetailPicture imageUrl="/files/previews/p/owl.webp" alt="Night Owls" />);
    expect(detailPicture('/files/previews/p/owl.webp', 'Night Owls').isEqualNode(container.firstElementChild)).toBe(
      true,
    );
  });

  it("draws only the header for a screen it does not copy, and telegram-ui's iOS look on iOS", () => {
    const drawn = shell({ route: '/profile', ios: true });
    expect(drawn.root.querySelector('main')!.children).toHaveLength(0);
    expect(drawn.root.firstElementChild!.className).toBe('tgui-6a12827a138e8827 tgui-56dbb42c1dbd5e2b app-root');
    drawn.remove();
  });
});

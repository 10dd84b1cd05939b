import {
  CARD_IMAGE_SIZES,
  PREVIEW_SIZE_PX,
  cardImageSrcset,
  type Language,
  type PictureScreen,
} from '@stickerdrop/shared';
import type { IconNode } from 'lucide';
import Ticket from 'lucide/dist/esm/icons/ticket.mjs';
import { buttonClass, buttonLabelClass } from '../components/button-classes';
import { apiUrl } from '../config';
import { HERO_ACTIONS } from '../features/home/hero';
import { SKELETON_CARDS } from '../features/packs/skeletons';
import { firstScreenWords } from '../shell/words';

/**
 * The first screen as the app draws it, in the DOM the app's components make (Root, Layout, Header, the
 * screen's top), drawn by the document before the app has loaded: its largest paint no longer waits for
 * the JavaScript. React replaces it with the same elements, in the same places, at its first render. Only
 * what the app draws the same way for everyone is here: the logo, Home's hero (inside Telegram its trending
 * shelf), the marketplace's heading, skeleton cards where packs will be, the big picture of a pack or an
 * edition (test/first-screen holds each to the component it copies).
 */

/** telegram-ui 2.1.13's AppRoot and its iOS variant (the app's root element: its fonts and variables). */
export const APP_ROOT_CLASS = 'tgui-6a12827a138e8827';
export const APP_ROOT_IOS_CLASS = 'tgui-56dbb42c1dbd5e2b';

type Words = ReturnType<typeof firstScreenWords>;

export interface ShellOptions {
  /** The language the app will start in (i18n/detect.ts), so both draw the same words. */
  language: Language;
  /** The route the app opens on (telegram/opening-route.ts). */
  route: string;
  /** In a Telegram client: no page back button, room for the tab bar. */
  inside: boolean;
  /** Telegram on iOS or macOS: telegram-ui's iOS variant. */
  ios: boolean;
  picture: PictureScreen | null;
}

type Child = Node | string;

function element(tag: string, attributes: Record<string, string>, children: Child[] = []): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** The markup of components/Icon.tsx. */
function icon(node: IconNode, size: number, className: string): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  const attributes: Record<string, string> = {
    width: String(size),
    height: String(size),
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    'aria-hidden': 'true',
    class: className,
  };
  for (const [name, value] of Object.entries(attributes)) svg.setAttribute(name, value);
  for (const [tag, shape] of node) {
    const part = document.createElementNS('http://www.w3.org/2000/svg', tag);
    for (const [name, value] of Object.entries(shape)) part.setAttribute(name, String(value));
    svg.append(part);
  }
  return svg;
}

/** Header.tsx's bar with its logo; the links and the account come with the app, right of it. */
function header(words: Words): HTMLElement {
  const logo = element('a', { class: 'header__logo', 'aria-label': words['shell.logoLabel'], href: '#/' }, [
    icon(Ticket, 22, 'header__logo-icon'),
    ' Stickerdrop',
  ]);
  return element('header', { class: 'header' }, [element('div', { class: 'header__bar' }, [logo])]);
}

/** HomePage's hero. */
function hero(ios: boolean, words: Words): HTMLElement {
  const actions = HERO_ACTIONS.map(({ to, label, mode, className }) =>
    element('a', { class: buttonClass({ size: 'l', mode, ios, className }), href: `#${to}` }, [
      element('span', { class: buttonLabelClass('l') }, [words[label]]),
    ]),
  );
  return element('section', { class: 'hero' }, [
    element('h1', { class: 'hero__title' }, [words['shell.hero.title']]),
    element('p', { class: 'hero__tagline' }, [words['shell.hero.tagline']]),
    element('div', { class: 'hero__actions' }, actions),
  ]);
}

/** PackCardSkeletons.tsx's cards (its spinner comes with the app, with the words it shows). */
function skeletonGrid(): HTMLElement {
  const card = () =>
    element('div', { class: 'pack-card pack-card--skeleton' }, [
      element('div', { class: 'pack-card__media' }),
      element('div', { class: 'pack-card__body' }),
    ]);
  return element('div', { class: 'pack-grid' }, Array.from({ length: SKELETON_CARDS }, card));
}

/**
 * HomePage's trending shelf (PackShelf.tsx), which leads Home inside Telegram: its heading and link in the
 * person's language, over its cards' skeletons. The heading is Home's largest text there, so drawn here its
 * paint no longer waits for the app. The head is hidden from assistive technology and its link takes no
 * focus until the app draws the real ones: a wait for the heading "Trending Stickers" is a wait for the app.
 */
function trendingShelf(words: Words): HTMLElement {
  const link = element('a', { class: 'section__link', href: '#/marketplace', tabindex: '-1' }, [
    words['shell.trending.all'],
  ]);
  const head = element('div', { class: 'section__head', 'aria-hidden': 'true' }, [
    element('h2', {}, [words['shell.trending.title']]),
    link,
  ]);
  return element('section', { class: 'section', 'data-testid': 'home-trending' }, [head, skeletonGrid()]);
}

/**
 * The marketplace's heading and its cards' places. Its figures and toolbar come with the app; until then
 * a box of about their height keeps the cards near where the app draws them.
 */
function marketplaceTop(words: Words): HTMLElement[] {
  return [
    element('h1', { class: 'page-title' }, [words['shell.marketplaceTitle']]),
    element('div', { class: 'market-first__top', 'aria-hidden': 'true' }),
    skeletonGrid(),
  ];
}

/** DetailPicture.tsx. */
export function detailPicture(imageUrl: string, alt: string): HTMLImageElement {
  const src = apiUrl(imageUrl);
  const picture = element('img', {
    class: 'detail-picture',
    src,
    srcset: cardImageSrcset(src),
    sizes: CARD_IMAGE_SIZES.detail,
    alt,
    width: String(PREVIEW_SIZE_PX),
    height: String(PREVIEW_SIZE_PX),
    fetchpriority: 'high',
  });
  return picture as HTMLImageElement;
}

/** What the route's screen shows at its top, and where its picture goes once known. */
function screenTop(options: ShellOptions): { nodes: HTMLElement[]; pictureSlot: HTMLElement | null } {
  const words = firstScreenWords(options.language);
  const path = options.route.split('?')[0]!.toLowerCase();
  if (path === '/' || path === '') {
    return { nodes: [options.inside ? trendingShelf(words) : hero(options.ios, words)], pictureSlot: null };
  }
  if (path === '/marketplace') return { nodes: marketplaceTop(words), pictureSlot: null };
  if (!options.picture) return { nodes: [], pictureSlot: null };
  // PackDetailPage's and EditionPage's article, their picture's column first (Page.tsx's back button above).
  const kind = options.picture.kind === 'pack' ? 'detail' : 'edition';
  const pictureSlot = element('div', { class: `${kind}__media` });
  const article = element('article', { class: kind }, [pictureSlot]);
  const back = element('button', { type: 'button', class: 'page-back' }, [words['shell.back']]);
  return { nodes: options.inside ? [article] : [back, article], pictureSlot };
}

/**
 * Draws the first screen into the app's root element; returns where the picture goes (null when the
 * screen has none), so it can be added once the pack's data names it.
 */
export function drawShell(root: HTMLElement, options: ShellOptions): HTMLElement | null {
  const { nodes, pictureSlot } = screenTop(options);
  const layout = element('div', { class: options.inside ? 'layout layout--tabbar' : 'layout' }, [
    header(firstScreenWords(options.language)),
    element('main', { class: 'main' }, nodes),
  ]);
  const appRoot = [APP_ROOT_CLASS, options.ios && APP_ROOT_IOS_CLASS, 'app-root'].filter(Boolean).join(' ');
  root.append(element('div', { class: appRoot }, [layout]));
  return pictureSlot;
}

import type { Browser, Page } from 'playwright-core';
import { PHONE, type ColorScheme } from './browser';

/** A browser page whose language is Russian (navigator.language "ru-RU"), as a Russian phone's would be. */
export async function russianBrowser(browser: Browser, viewport = PHONE, colorScheme: ColorScheme = 'light') {
  const context = await browser.newContext({ viewport, colorScheme, locale: 'ru-RU' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** What a longer Russian word may push out of its box: headings, links, buttons, labels, chips and figures. */
const TEXT_BOXES =
  'h1, h2, h3, a, button, label, legend, th, .chip, .stat-tile, .tabbar__text, .toast, .price-box__supply, .create__help';

/**
 * Elements whose text is cut, ends in an ellipsis or sticks out of the screen at this width. Pack titles
 * and descriptions are cut on purpose (a card's lines are clamped), in any language.
 */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const cut: string[] = [];
    const clamped = (element: Element) => element.closest('.pack-card__description, .pack-card__title') !== null;
    if (document.documentElement.scrollWidth > window.innerWidth)
      cut.push(`page ${document.documentElement.scrollWidth}px`);
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (clamped(element)) continue;
      if (element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'visible') {
        cut.push(`${element.tagName.toLowerCase()} "${element.textContent?.trim()}"`);
      }
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.right > window.innerWidth + 1) cut.push(`off-screen "${element.textContent?.trim()}"`);
    }
    // A button's or a cell's words that end in an ellipsis (telegram-ui truncates inside its buttons).
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (clamped(element)) continue;
      const style = getComputedStyle(element);
      if (style.textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth + 1) {
        cut.push(`ellipsis "${element.textContent?.trim()}"`);
      }
    }
    return cut;
  }, TEXT_BOXES);
}

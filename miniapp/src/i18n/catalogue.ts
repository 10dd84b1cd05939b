import { DEFAULT_LANGUAGE, type Language } from '@stickerdrop/shared';
import { i18n, type Messages } from './i18n';

/** What a `locales/<language>.json?lingui` import gives: the catalogue compiled at build time. */
export interface CompiledCatalogue {
  messages: Messages;
}

/**
 * One folder's texts (`home`, `app`, `marketplace`…): its English messages, which ship in the folder's chunk,
 * and loaders of the other languages, fetched only when chosen. `K` is the folder's keys, from its English
 * catalogue, so a key that is not in it does not compile.
 */
export interface Catalogue<K extends string = string> {
  readonly name: string;
  /** The English messages, compiled: also what a text falls back to until another language has loaded. */
  readonly english: Messages;
  /** Resolves once this folder's messages of `language` are in the instance. */
  load(language: Language): Promise<void>;
  loaded(language: Language): boolean;
  /** Only for the type: the folder's keys. */
  readonly keys?: K;
}

type Loader = () => Promise<CompiledCatalogue>;
/** The languages besides English, whose messages load on demand. */
type OtherLanguage = Exclude<Language, 'en'>;

/** Every catalogue whose folder's code has run, so a switch of language loads exactly what is on screen. */
const registered: Catalogue[] = [];

/**
 * Declares a folder's catalogue; called once, in the folder's `messages.ts`:
 *
 *   import type english from './locales/en.json';
 *   import { messages } from './locales/en.json?lingui';
 *   export const catalogue = defineCatalogue<keyof typeof english>('home', messages, {
 *     ru: () => import('./locales/ru.json?lingui'),
 *   });
 */
export function defineCatalogue<K extends string>(
  name: string,
  english: Messages,
  others: Record<OtherLanguage, Loader>,
): Catalogue<K> {
  i18n.load(DEFAULT_LANGUAGE, english);
  const done = new Set<Language>([DEFAULT_LANGUAGE]);
  const pending = new Map<Language, Promise<void>>();
  const catalogue: Catalogue<K> = {
    name,
    english,
    loaded: (language) => done.has(language),
    load(language) {
      if (done.has(language)) return Promise.resolve();
      let loading = pending.get(language);
      if (!loading) {
        const loader = others[language as OtherLanguage];
        loading = loader().then(({ messages }) => {
          i18n.load(language, messages);
          done.add(language);
        });
        // A failed fetch (offline) may be tried again by the next switch or route.
        loading.catch(() => pending.delete(language));
        pending.set(language, loading);
      }
      return loading;
    },
  };
  registered.push(catalogue);
  return catalogue;
}

/**
 * Loads `language`'s messages of every folder whose code has run. A route awaits it after its chunk loaded
 * (the chunk's folders are registered by then), and a switch of language awaits it before the app re-renders.
 */
export function loadRegistered(language: Language): Promise<void> {
  return Promise.all(registered.filter((c) => !c.loaded(language)).map((c) => c.load(language))).then(() => {});
}

/** The names of the folders registered so far (for tests). */
export function registeredCatalogues(): string[] {
  return registered.map((c) => c.name);
}

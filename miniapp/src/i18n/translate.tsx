import { Fragment, cloneElement, useEffect, useMemo, useState, type ReactElement, type ReactNode } from 'react';
import type { Catalogue } from './catalogue';
import { i18n } from './i18n';
import { useLanguage } from './provider';

/** Values for a message's `{placeholders}`: numbers go through the language's plural rules and digits. */
export type MessageValues = Record<string, string | number | Date>;

export type Translate<K extends string> = (key: K, values?: MessageValues) => string;

/**
 * A text of `catalogue` in the active language, outside React (a toast raised in a callback, a page title).
 * Until the folder's messages of that language are in, its English one stands in rather than the key.
 */
export function translate<K extends string>(catalogue: Catalogue<K>, key: K, values?: MessageValues): string {
  // Lingui takes a compiled message as the fallback as well as a source text (I18n._ interpolates either).
  return i18n._(key, values, { message: catalogue.english[key] as string | undefined });
}

/**
 * The folder's texts in the active language, for a component: `const t = useT(homeTexts); t('home.title')`.
 * The component renders again when the language changes. Routes load their folders' messages before they
 * show; should a folder's not be in yet, this loads them and English stands in meanwhile.
 */
export function useT<K extends string>(catalogue: Catalogue<K>): Translate<K> {
  const language = useLanguage();
  const ready = catalogue.loaded(language);
  const [, setLoads] = useState(0);
  useEffect(() => {
    if (ready) return;
    catalogue
      .load(language)
      .then(() => setLoads((count) => count + 1))
      .catch((error: unknown) => console.error(`The ${catalogue.name} texts failed to load`, error));
  }, [catalogue, language, ready]);
  // A new function per language (and once loaded), so memoised children that take `t` render again too.
  return useMemo(
    () => (key: K, values?: MessageValues) => translate(catalogue, key, values),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- language and ready are what the texts depend on
    [catalogue, language, ready],
  );
}

const TAG = /<(\w+)>([\s\S]*?)<\/\1>|<(\w+)\/>/g;

/**
 * A message with markup, its `<name>…</name>` and `<name/>` parts rendered with the given elements:
 * `<RichText text={t('app.footer.madeWith')} components={{ heart: <Icon … /> }} />`. A tag no component is
 * given for stays as text, so a value that happens to hold "<b>" is shown, never interpreted.
 */
export function RichText({ text, components }: { text: string; components: Record<string, ReactElement> }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name = match[3]!, inner] = match;
    const element = components[name];
    if (!element) continue;
    parts.push(text.slice(last, match.index));
    parts.push(cloneElement(element, { key: parts.length }, inner ?? element.props.children));
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}

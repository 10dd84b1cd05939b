import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-json';

/**
 * The mini-app's message catalogues: one per folder, beside the code that shows its texts
 * (`miniapp/src/features/<feature>/locales/<language>.json`, `miniapp/src/<folder>/locales/<language>.json`,
 * `miniapp/src/app/layout/locales/…`),
 * so each route's chunk carries only its own texts and two people never edit the same file. Keys are
 * explicit (`home.title`), messages ICU MessageFormat; the Vite plugin compiles a catalogue when it is imported
 * with `?lingui`, so no message parser ships to the browser.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ru'],
  format: formatter({ style: 'minimal' }),
  catalogs: [
    {
      path: '<rootDir>/miniapp/src/features/{name}/locales/{locale}',
      include: ['<rootDir>/miniapp/src/features/{name}/'],
    },
    { path: '<rootDir>/miniapp/src/{name}/locales/{locale}', include: ['<rootDir>/miniapp/src/{name}/'] },
    // The app shell's layout keeps its own catalogue: app/ imports every feature, app/layout none.
    {
      path: '<rootDir>/miniapp/src/app/{name}/locales/{locale}',
      include: ['<rootDir>/miniapp/src/app/{name}/'],
    },
  ],
});

import fs from 'node:fs';
import { inject } from 'vitest';
import type { SeededCatalogue } from './seeded-catalogue';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where global-setup.ts writes the browser suite's setup once it is made. */
    browserSuiteSetup: string;
  }
}

export type SuiteSetup = { catalogue: SeededCatalogue; chromiumArgs: string[] } | { error: string };

let ready: Promise<{ catalogue: SeededCatalogue; chromiumArgs: string[] }> | undefined;

/** The browser suite's setup (global-setup.ts), once made: it is made while other projects' tests run. */
export function suiteSetup(): Promise<{ catalogue: SeededCatalogue; chromiumArgs: string[] }> {
  ready ??= (async () => {
    const file = inject('browserSuiteSetup');
    while (!fs.existsSync(file)) await new Promise((resolve) => setTimeout(resolve, 100));
    const made = JSON.parse(fs.readFileSync(file, 'utf8')) as SuiteSetup;
    if ('error' in made) throw new Error(`the browser suite's setup failed: ${made.error}`);
    return made;
  })();
  return ready;
}

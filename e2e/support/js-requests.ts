import type { Page } from 'playwright-core';

/** Where a script request is in the order of the page's network events: started, or arrived in full. */
export interface ScriptEvent {
  kind: 'start' | 'end';
  /** The file's name (`PackDetailPage-Br7bWdH5.js`). */
  file: string;
}

const scriptFile = (url: string) => (/\.js(\?|$)/.test(url) ? new URL(url).pathname.split('/').pop()! : null);

/** Records, in order, every script request the page starts and every one that arrives, from now on. */
export function recordScripts(page: Page): ScriptEvent[] {
  const events: ScriptEvent[] = [];
  page.on('request', (request) => {
    const file = scriptFile(request.url());
    if (file) events.push({ kind: 'start', file });
  });
  page.on('requestfinished', (request) => {
    const file = scriptFile(request.url());
    if (file) events.push({ kind: 'end', file });
  });
  return events;
}

/**
 * The scripts started in waves: a wave is the requests started before any of its requests arrived. A route
 * whose chunks are all asked for at once is one wave, whatever the network's speed.
 */
export function scriptWaves(events: readonly ScriptEvent[], among: (file: string) => boolean = () => true): string[][] {
  const waves: string[][] = [];
  let wave: string[] = [];
  let arrived = false;
  for (const event of events.filter(({ file }) => among(file))) {
    if (event.kind === 'end') {
      arrived = wave.length > 0;
      continue;
    }
    if (arrived) {
      waves.push(wave);
      wave = [];
      arrived = false;
    }
    wave.push(event.file);
  }
  if (wave.length > 0) waves.push(wave);
  return waves;
}

/** The scripts the document itself names (its entry module and modulepreloads): they load with the page. */
export async function documentScripts(url: string): Promise<Set<string>> {
  const html = await (await fetch(url)).text();
  return new Set([...html.matchAll(/(?:src|href)="[^"]*?([^/"]+\.js)"/g)].map((match) => match[1]!));
}

import type { Plugin } from 'vite';

/** The bridge's one file: where the SDK's availability checks read the launch parameters. */
const BRIDGE_FILE = /[\\/]node_modules[\\/]@telegram-apps[\\/]bridge[\\/]dist[\\/]index\.js$/;
/** The bridge's import of the two readers of a launch-parameters query, with the names it gives them. */
const READERS =
  /isLaunchParamsQuery as ([\w$]+), parseLaunchParamsQuery as ([\w$]+)(?=[^;]*from "@telegram-apps\/transformers";)/;

/**
 * Remembers the answer (or the error) for each query read: the same text always reads the same. A few
 * texts take turns (the address, once the app has moved from the launch hash, then the navigation entry),
 * so it keeps several, and forgets them all should the address change many times. A query is valid when
 * it parses: the test asks the remembered parse, so a text is read once for both questions.
 */
const ANSWERS = `
function __answersByQuery(read) {
  const answers = new Map();
  return (query) => {
    let answer = answers.get(query);
    if (!answer) {
      if (answers.size >= 8) answers.clear();
      try { answer = { value: read(query) }; } catch (error) { answer = { error }; }
      answers.set(query, answer);
    }
    if ('error' in answer) throw answer.error;
    return answer.value;
  };
}
function __parsesWith(parse) {
  return (query) => {
    try { parse(query); return true; } catch { return false; }
  };
}`;

/**
 * Every availability check of the SDK (`ifAvailable`, about 120 in the app's set-up) asks the bridge whether
 * it runs in Telegram, and the bridge reads the launch parameters anew each time: it validates the whole
 * query (init data, theme) and then parses it again, with valibot, from the same text. On a phone that
 * was most of the set-up's long tasks. The query only changes when the address does, so the two readers
 * answer a text they have read from memory; a new text is read once, by the parse, since the schema's
 * validity test is whether that parse succeeds.
 */
export function rememberLaunchParams(source: string): string {
  const found = READERS.exec(source);
  if (!found) throw new Error('@telegram-apps/bridge no longer imports its launch-parameter readers as expected');
  const [specifiers, isQuery, parseQuery] = found;
  const renamed = `isLaunchParamsQuery as __isQuery, parseLaunchParamsQuery as __parseQuery`;
  const code = source.slice(0, found.index) + renamed + source.slice(found.index + specifiers.length);
  const importEnd = code.indexOf('\n', code.indexOf('"@telegram-apps/transformers";')) + 1;
  const readers = `const ${parseQuery} = __answersByQuery(__parseQuery), ${isQuery} = __parsesWith(${parseQuery});\n`;
  return code.slice(0, importEnd) + readers + code.slice(importEnd) + ANSWERS + '\n';
}

/** The bridge's test for Telegram's Android and iOS transport, as valibot's schema of `window`. */
const WEBVIEW_PROXY_CHECK =
  /function ([\w$]+)\(e\) \{\s*return [\w$]+\(\s*[\w$]+\(\{ TelegramWebviewProxy: [\w$]+\(\{ postEvent: [\w$]+\(\) \}\) \}\),\s*e\s*\);\s*\}/;

/**
 * Every message the app sends to Telegram first asks whether `window.TelegramWebviewProxy.postEvent` is a
 * function, through a valibot "loose object" schema of `window`: valid, such a schema copies every other
 * key of its input, so each message walked all of the window's properties and their prototypes' (over a
 * thousand) to build an answer nobody reads. The same test, read directly: an object holding an object
 * whose postEvent is a function.
 */
export function checkWebviewProxyDirectly(source: string): string {
  const found = WEBVIEW_PROXY_CHECK.exec(source);
  if (!found) throw new Error('@telegram-apps/bridge no longer tests for TelegramWebviewProxy as expected');
  const direct =
    `function ${found[1]}(e) {\n` +
    `  const proxy = e && typeof e === "object" ? e.TelegramWebviewProxy : undefined;\n` +
    `  return !!proxy && typeof proxy === "object" && typeof proxy.postEvent === "function";\n}`;
  return source.slice(0, found.index) + direct + source.slice(found.index + found[0].length);
}

/**
 * The build's Telegram bridge (`@telegram-apps/bridge`, under the SDK) without its two hot spots on a
 * phone: it reads each launch-parameters query once (rememberLaunchParams) and tests for the webview's
 * proxy directly (checkWebviewProxyDirectly). The browser tests pin the bridge's version, so a new one is
 * read again before these apply.
 */
export function telegramBridgeChecks(): Plugin {
  return {
    name: 'stickerdrop:telegram-bridge-checks',
    apply: 'build',
    transform: {
      filter: { id: BRIDGE_FILE },
      handler(code) {
        return { code: checkWebviewProxyDirectly(rememberLaunchParams(code)), map: null };
      },
    },
  };
}

import { parseAst, type Plugin } from 'vite';

/** The SDK's one file: every component it has, built at the top level of the module. */
const SDK_FILE = /[\\/]node_modules[\\/]@telegram-apps[\\/]sdk[\\/]dist[\\/]index\.js$/;
const PURE = '/* @__PURE__ */ ';
/** Reading a part of a factory's answer through a function the mark can name (a bare read it cannot). */
const HELPERS =
  '\nfunction __sdkPart(list, index) { return list[index]; }' +
  '\nfunction __sdkRest(list, index) { return list.slice(index); }\n';

interface Node {
  type: string;
  start: number;
  end: number;
  name?: string;
  argument?: Node;
  elements?: (Node | null)[];
  object?: Node;
  property?: Node;
  computed?: boolean;
  value?: unknown;
}
interface Declarator extends Node {
  id: Node;
  init?: Node | null;
}
interface Statement extends Node {
  declarations?: Declarator[];
}

function isCall(node: Node): boolean {
  return node.type === 'CallExpression' || node.type === 'NewExpression';
}

function marked(code: string, call: Node): string {
  const text = code.slice(call.start, call.end);
  return /__PURE__\s*\*\/\s*$/.test(code.slice(Math.max(0, call.start - 40), call.start)) ? text : PURE + text;
}

/** Every `name[0]` read in the top-level code outside functions (reads inside functions run only when called). */
function indexReads(node: unknown, found: Node[] = []): Node[] {
  if (!node || typeof node !== 'object') return found;
  const current = node as Node;
  if (/Function/.test(current.type ?? '')) return found;
  const { object, property } = current;
  if (current.type === 'MemberExpression' && current.computed && object?.type === 'Identifier') {
    if (property?.type === 'Literal' && typeof property.value === 'number') return [...found, current];
  }
  for (const child of Object.values(current)) indexReads(child, found);
  return found;
}

/** Each `name[0]` read at the top level as a marked call, which a bundler drops when nothing uses it. */
function markIndexReads(code: string, body: Statement[]): string {
  const reads = body.filter((node) => node.type === 'VariableDeclaration').flatMap((node) => indexReads(node));
  let result = code;
  for (const read of reads.sort((a, b) => b.start - a.start)) {
    const text = `${PURE}__sdkPart(${read.object!.name}, ${String(read.property!.value)})`;
    result = result.slice(0, read.start) + text + result.slice(read.end);
  }
  return result;
}

/** `[a, , b, ...c] = f()` as `t = f(), a = part(t, 0), b = part(t, 2), c = rest(t, 3)`, each marked. */
function spreadPattern(code: string, declarator: Declarator, temp: string): string | undefined {
  const { init } = declarator;
  const source = init!.type === 'Identifier' ? init!.name! : temp;
  const parts = init!.type === 'Identifier' ? [] : [`${temp} = ${marked(code, init!)}`];
  for (const [index, element] of (declarator.id.elements ?? []).entries()) {
    if (!element) continue;
    if (element.type === 'Identifier') parts.push(`${element.name} = ${PURE}__sdkPart(${source}, ${index})`);
    else if (element.type === 'RestElement' && element.argument?.type === 'Identifier') {
      parts.push(`${element.argument.name} = ${PURE}__sdkRest(${source}, ${index})`);
    } else return undefined;
  }
  return parts.join(', ');
}

/**
 * The SDK builds each component's methods at the top level of its module by calling its factories
 * (`w("popup", …)`, `b(…)`, the error classes), often taking their answer apart (`const [a, b] = …`). A
 * bundler cannot know those calls only make functions and signals, nor that taking an array apart reads
 * nothing with an effect, so it keeps every component whether or not the app names it. This marks each
 * such call pure and takes the arrays apart through marked calls. Every function those declarations call
 * was read in the SDK's 3.11 (factories, `signal`, `computed`, error-kid's `errorClass`): none registers
 * anything; the test pins that version, so a new one is read again before it is marked.
 */
export function markTopLevelCallsPure(source: string): string {
  const code = markIndexReads(source, (parseAst(source) as unknown as { body: Statement[] }).body);
  const program = parseAst(code) as unknown as { body: Statement[] };
  const edits: { start: number; end: number; text: string }[] = [];
  for (const statement of program.body) {
    if (statement.type !== 'VariableDeclaration') continue;
    for (const declarator of statement.declarations ?? []) {
      const { init, id } = declarator;
      if (!init || (!isCall(init) && !(init.type === 'Identifier' && id.type === 'ArrayPattern'))) continue;
      const text =
        id.type === 'ArrayPattern'
          ? spreadPattern(code, declarator, `__sdk${edits.length}`)
          : `${code.slice(declarator.start, init.start)}${marked(code, init)}`;
      if (text) edits.push({ start: declarator.start, end: init.end, text });
    }
  }
  let result = code;
  for (const { start, end, text } of edits.reverse()) result = result.slice(0, start) + text + result.slice(end);
  return result + HELPERS;
}

/** Every top-level statement of the SDK's module that is not an import, export or declaration. */
export function otherTopLevelStatements(code: string): string[] {
  const program = parseAst(code) as unknown as { body: Statement[] };
  const kinds = ['ImportDeclaration', 'ExportNamedDeclaration', 'VariableDeclaration', 'FunctionDeclaration'];
  return program.body.filter((node) => !kinds.includes(node.type)).map((node) => code.slice(node.start, node.end));
}

/**
 * Lets the build drop the parts of the Telegram SDK the app never names (biometry, cloud storage, the
 * location manager, the QR scanner, popups, the settings button…). The SDK ships as one file whose top
 * level holds only declarations (`otherTopLevelStatements` finds none; its test fails if a version adds
 * one), so a component nobody imports has no effect when it is left out.
 */
export function telegramSdkPure(): Plugin {
  return {
    name: 'stickerdrop:telegram-sdk-pure',
    apply: 'build',
    transform: {
      filter: { id: SDK_FILE },
      handler(code) {
        return { code: markTopLevelCallsPure(code), map: null };
      },
    },
  };
}

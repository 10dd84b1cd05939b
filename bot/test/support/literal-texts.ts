import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Prose written into the bot's code instead of its catalogues: every string or template literal in `dir` that
 * reads as words (two Latin words, or any Cyrillic; one word where Telegram shows it), except what no user reads: log lines, errors thrown for
 * the logs, and the texts of configuration refusals (an operator's, in English).
 */
export interface LiteralText {
  file: string;
  line: number;
  text: string;
}

const PROSE = /[A-Za-z]{2,}[,:;]? [A-Za-z]{2,}|[А-Яа-яЁё]/;
const WORD = /[A-Za-z]{2,}/;

/** Where a single word is already a text someone reads: a reply, a button, an alert, an inline result. */
function isTelegramText(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isPropertyAssignment(parent))
    return /^(text|caption|title|description|message_text)$/.test(parent.name.getText());
  if (ts.isCallExpression(parent) && parent.arguments[0] === node) {
    return /\.(reply|replyWithPhoto|text|url|webApp|sendMessage|editMessageText|answerCallbackQuery)$/.test(
      parent.expression.getText(),
    );
  }
  return false;
}

/** Calls whose texts are for the operator: `log.error(…)`, `x.warn(…)`, `new SomeError(…)`, zod's `.refine(…, 'is …')`. */
function isForOperator(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isCallExpression(at)) {
      const callee = at.expression.getText();
      if (/(^|\.)(log|logger)\.|\.(error|warn|info|debug|fatal|trace|refine|describe)$/.test(callee)) return true;
    }
    if (ts.isNewExpression(at) && /Error$/.test(at.expression.getText())) return true;
    // The outbox consumer's log lines are passed by name.
    if (ts.isPropertyAssignment(at) && /^(name|retryLog|givenUpLog)$/.test(at.name.getText())) return true;
  }
  return false;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

export function literalTexts(dir: string, skip: readonly string[] = []): LiteralText[] {
  const found: LiteralText[] = [];
  for (const file of sourceFiles(dir)) {
    const name = relative(dir, file);
    if (skip.includes(name)) continue;
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      const text =
        ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
          ? node.text
          : ts.isTemplateExpression(node)
            ? [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ')
            : null;
      if (text !== null && (PROSE.test(text) || (WORD.test(text) && isTelegramText(node))) && !isForOperator(node)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push({ file: name, line: line + 1, text });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

import type { BrowserContext, Page } from 'playwright-core';

/**
 * Content-Security-Policy violations seen by any page of the suite since the last `takeCspViolations`.
 * A setup file fails every test that leaves one behind: a policy that blocks the app (a wallet icon, a
 * bridge, Telegram Web framing us) must show up here, not in production.
 */
const violations: string[] = [];

export function takeCspViolations(): string[] {
  return violations.splice(0);
}

/** Both signals: the DOM event (from every frame) and Chromium's console line (also for frame-ancestors). */
export async function watchCsp(context: BrowserContext, page: Page): Promise<void> {
  await context.exposeBinding('__e2eCspViolation', (_source, text: string) => violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __e2eCspViolation(text: string): void }).__e2eCspViolation;
      const where = event.sourceFile ? ` (${event.sourceFile}:${event.lineNumber}:${event.columnNumber})` : '';
      const sample = event.sample ? ` "${event.sample}"` : '';
      void report(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}${sample}${where} on ${event.documentURI}`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
}

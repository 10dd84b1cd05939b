import { afterEach } from 'vitest';
import { takeCspViolations } from './csp';

// Every browser test: a Content-Security-Policy violation is a failure, whatever the test asserted.
afterEach(() => {
  const seen = takeCspViolations();
  if (seen.length > 0) throw new Error(`Content-Security-Policy violations:\n${seen.join('\n')}`);
});

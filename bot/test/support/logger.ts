import type { Logger } from '@stickerdrop/core';

export interface LogEntry {
  level: 'debug' | 'info' | 'warn' | 'error';
  obj: unknown;
  msg: string | undefined;
}

/** Keeps what the bot logs, so tests can assert an error was logged (or that none was). */
export function recordingLogger(): Logger & { entries: LogEntry[]; errors(): LogEntry[] } {
  const entries: LogEntry[] = [];
  const at = (level: LogEntry['level']) => (obj: unknown, msg?: string) => void entries.push({ level, obj, msg });
  return {
    entries,
    errors: () => entries.filter((entry) => entry.level === 'error'),
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
  };
}

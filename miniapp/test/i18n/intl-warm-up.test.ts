import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmUpIntl } from '../../src/i18n/intl-warm-up';

/** Stands in for the browser's Worker: records what the page sends, and answers or fails when told. */
class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: (() => void) | null = null;
  onerror: (() => void) | null = null;
  sent: unknown[] = [];
  terminated = false;

  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.made.push(this);
  }

  postMessage(message: unknown) {
    this.sent.push(message);
  }

  terminate() {
    this.terminated = true;
  }
}

/** Whether the promise has settled by now, without waiting for it. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('warmUpIntl', () => {
  afterEach(() => {
    FakeWorker.made = [];
    vi.useRealTimers();
  });

  it('sends the locales to its worker and resolves once the worker says their data is in', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const warmed = warmUpIntl(['ru-RU']);
    const [worker] = FakeWorker.made;
    expect(worker!.url.pathname).toMatch(/intl-warm-up\.worker\.ts$/);
    expect(worker!.sent).toEqual([['ru-RU']]);
    expect(await settled(warmed)).toBe(false);
    worker!.onmessage!();
    expect(await settled(warmed)).toBe(true);
    expect(worker!.terminated).toBe(true);
  });

  it('resolves when the worker fails, so the page makes its formats itself', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const warmed = warmUpIntl(['en-US']);
    FakeWorker.made[0]!.onerror!();
    expect(await settled(warmed)).toBe(true);
  });

  it('resolves after its wait when the worker never answers', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('Worker', FakeWorker);
    const warmed = warmUpIntl(['en-US']);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(await settled(warmed)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(warmed)).toBe(true);
    expect(FakeWorker.made[0]!.terminated).toBe(true);
  });

  it('resolves at once where there are no workers', async () => {
    vi.stubGlobal('Worker', undefined);
    expect(await settled(warmUpIntl(['en-US']))).toBe(true);
  });

  it('resolves when the worker cannot be made', async () => {
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new DOMException('blocked', 'SecurityError');
        }
      },
    );
    expect(await settled(warmUpIntl(['en-US']))).toBe(true);
  });
});

describe('the warm-up worker', () => {
  afterEach(() => {
    window.onmessage = null;
  });

  it('makes the formats of every locale it is sent, then answers once', async () => {
    const answers = vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
    const RealDateTimeFormat = Intl.DateTimeFormat;
    const made = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (locale, options) {
      return new RealDateTimeFormat(locale, options);
    } as typeof Intl.DateTimeFormat);
    await import('../../src/i18n/intl-warm-up.worker');
    window.onmessage!(new MessageEvent('message', { data: ['en-US', 'ru-RU'] }));
    const locales = made.mock.calls.map(([locale]) => locale);
    expect(locales).toContain('en-US');
    expect(locales).toContain('ru-RU');
    expect(answers.mock.calls).toEqual([[null]]);
  });
});

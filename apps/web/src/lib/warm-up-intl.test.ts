import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmUpIntlOffMainThread } from './warm-up-intl';

class FakeWorker extends EventTarget {
  static started: FakeWorker[] = [];
  readonly sent: unknown[] = [];
  terminated = false;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    super();
    FakeWorker.started.push(this);
  }
  postMessage(message: unknown) {
    this.sent.push(message);
  }
  terminate() {
    this.terminated = true;
  }
}

describe('warmUpIntlOffMainThread', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeWorker.started = [];
  });

  it('asks a module worker for the reader’s locale and currency, and ends it once done', () => {
    vi.stubGlobal('Worker', FakeWorker);
    warmUpIntlOffMainThread('ja', 'JPY');
    const [worker] = FakeWorker.started;
    expect(worker?.url.pathname).toMatch(/intl-warm-up-worker/);
    expect(worker?.options).toEqual({ type: 'module' });
    expect(worker?.sent).toEqual([{ locale: 'ja', currency: 'JPY' }]);
    expect(worker?.terminated).toBe(false);
    worker?.dispatchEvent(new MessageEvent('message', { data: 'done' }));
    expect(worker?.terminated).toBe(true);
  });

  it('does nothing where there are no workers', () => {
    vi.stubGlobal('Worker', undefined);
    expect(() => warmUpIntlOffMainThread('en', 'USD')).not.toThrow();
  });
});

describe('the warm-up worker', () => {
  it('builds the formatters and says it is done, even for an unknown currency', async () => {
    const posted: string[] = [];
    const scope = { onmessage: null as ((event: MessageEvent) => void) | null };
    vi.stubGlobal('self', Object.assign(scope, { postMessage: (m: string) => posted.push(m) }));
    await import('./intl-warm-up-worker');
    scope.onmessage?.(new MessageEvent('message', { data: { locale: 'en', currency: 'USD' } }));
    expect(posted).toEqual(['done']);
    expect(() =>
      scope.onmessage?.(new MessageEvent('message', { data: { locale: 'en', currency: 'X' } })),
    ).toThrow(RangeError);
    expect(posted).toEqual(['done', 'done']);
    vi.unstubAllGlobals();
  });
});

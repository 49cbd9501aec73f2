import { describe, expect, it, vi } from 'vitest';
import workerSource from '../../public/push-worker.js?raw';

type Handler = (event: Record<string, unknown>) => void;

/** Runs public/push-worker.js against a fake service-worker global, as a browser would. */
function startWorker({ windows = [] as { url: string }[] } = {}) {
  const handlers = new Map<string, Handler>();
  const openWindow = vi.fn(async (url: string) => ({ url }));
  const focused = windows.map((client) => ({
    ...client,
    // The focused tab is the one the worker then navigates.
    focus: vi.fn(async () => focusedClient),
    navigate: vi.fn(async (url: string) => ({ url })),
  }));
  const focusedClient = focused[0];
  const clients = {
    matchAll: vi.fn(async () => focused),
    openWindow,
    claim: vi.fn(async () => undefined),
  };
  const self = {
    location: { origin: 'https://vowa.example' },
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    skipWaiting: vi.fn(),
    clients,
    registration: { showNotification: vi.fn(async () => undefined) },
  };
  new Function('self', 'clients', 'URL', workerSource)(self, clients, URL);

  /** Fires an event and waits for what it asked the browser to wait for. */
  async function fire(type: string, event: Record<string, unknown>) {
    let waited: Promise<unknown> = Promise.resolve();
    handlers.get(type)?.({
      ...event,
      waitUntil: (promise: Promise<unknown>) => (waited = promise),
    });
    await waited;
  }
  return { self, clients, focused, fire };
}

const pushed = (payload: unknown) => ({
  data: {
    json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload),
    text: () => (typeof payload === 'string' ? payload : JSON.stringify(payload)),
  },
});

describe('the push service worker', () => {
  it('shows what the server pushed, with the page to open', async () => {
    const { self, fire } = startWorker();
    await fire(
      'push',
      pushed({
        title: 'Price drop: Lisbon',
        body: 'Now $1,240',
        url: '/watches',
        tag: 'watch:w1',
      }),
    );
    expect(self.registration.showNotification).toHaveBeenCalledWith('Price drop: Lisbon', {
      body: 'Now $1,240',
      tag: 'watch:w1',
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      data: { url: 'https://vowa.example/watches' },
    });
  });

  it('still shows something for a payload it cannot read, and never points off the site', async () => {
    const { self, fire } = startWorker();
    await fire('push', pushed('plain words'));
    expect(self.registration.showNotification).toHaveBeenLastCalledWith(
      'Vowa',
      expect.objectContaining({ body: 'plain words', data: { url: 'https://vowa.example/' } }),
    );
    await fire('push', pushed({ title: 'Hi', body: '', url: 'https://evil.example/x', tag: 't' }));
    expect(self.registration.showNotification).toHaveBeenLastCalledWith(
      'Hi',
      expect.objectContaining({ data: { url: 'https://vowa.example/' } }),
    );
  });

  it('a click opens the page in a new window when no Vowa tab is open', async () => {
    const { clients, fire } = startWorker();
    const close = vi.fn();
    await fire('notificationclick', {
      notification: { close, data: { url: 'https://vowa.example/trips' } },
    });
    expect(close).toHaveBeenCalled();
    expect(clients.openWindow).toHaveBeenCalledWith('https://vowa.example/trips');
  });

  it('a click brings an open Vowa tab forward and sends it there', async () => {
    const { clients, focused, fire } = startWorker({
      windows: [{ url: 'https://vowa.example/chat' }],
    });
    await fire('notificationclick', {
      notification: { close: vi.fn(), data: { url: 'https://vowa.example/watches' } },
    });
    expect(focused[0]!.focus).toHaveBeenCalled();
    expect(focused[0]!.navigate).toHaveBeenCalledWith('https://vowa.example/watches');
    expect(clients.openWindow).not.toHaveBeenCalled();
  });
});

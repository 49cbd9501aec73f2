import type { FastifyInstance } from 'fastify';

/** Whether a request's URL is under /api, not counting the public API docs (/api/docs). */
function isPrivateApi(url: string) {
  const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
  return isApi && !url.startsWith('/api/docs');
}

/**
 * API answers carry personal data (profiles, budgets, tokens) or depend on who asks, so no
 * browser, proxy or CDN may keep a copy: every `/api` response is `Cache-Control: no-store`. A
 * route whose answer is public and cacheable says so by setting its own Cache-Control, which
 * replaces this one. The API docs (`/api/docs`: static pages and the OpenAPI document) are public.
 *
 * Set when the request arrives, synchronously, rather than in an `onSend` hook: an async hook on
 * every response costs a promise and a turn of the event loop, for a header known up front.
 */
export function registerNoStore(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    if (isPrivateApi(request.url)) reply.header('cache-control', 'no-store');
    done();
  });
}

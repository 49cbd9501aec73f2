import type { FastifyInstance } from 'fastify';

/**
 * API answers carry personal data (profiles, budgets, tokens) or depend on who asks, so no
 * browser, proxy or CDN may keep a copy: every `/api` response is `Cache-Control: no-store`. A
 * route whose answer is public and cacheable says so by setting its own Cache-Control, which is
 * kept. The API docs (`/api/docs`: static pages and the OpenAPI document) are public.
 */
export function registerNoStore(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.url;
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
    if (isApi && !url.startsWith('/api/docs') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}

import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendErrorAnswer } from './error-handler';

/** apps/web/dist, found from this file whether it runs from src/plugins or from dist. */
export function findWebDist(configured: string | undefined): string | undefined {
  if (configured) return configured;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 5; depth += 1) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (existsSync(path.join(candidate, 'index.html'))) return candidate;
    const sibling = path.join(dir, 'web', 'dist');
    if (existsSync(path.join(sibling, 'index.html'))) return sibling;
    dir = path.dirname(dir);
  }
  return undefined;
}

/**
 * Serves the built web app at `/`, brotli or gzip compressed when the browser accepts it. Hashed assets are cached for a year; index.html never is, so
 * a new release shows at once. Unknown `/api` paths answer JSON 404; any other GET that wants a
 * page gets index.html, and the client-side router takes over.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined) {
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset; the best one the browser accepts is sent
      // with Content-Encoding and Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn('the web app is not built (apps/web/dist): only the API is served');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api') &&
      !pathname.startsWith('/uploads') &&
      path.extname(pathname) === '';
    // Nothing is returned: a handler that returns the reply has Fastify wait on it as a promise,
    // with listeners on the response, for an answer that is already on its way.
    if (webDist && wantsPage) {
      reply.header('cache-control', 'no-cache').sendFile('index.html');
    } else {
      sendErrorAnswer(reply, 'not_found', 'Not found');
    }
  });
}

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
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

/** Written by the web build (apps/web/build-plugins/screen-preloads.ts). */
const SCREEN_PRELOADS_FILE = 'screen-preloads.json';

/** A page as sent, compressed once at start in each encoding a browser may accept. */
interface ScreenPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** What the web build lists for one screen (apps/web/build-plugins/screen-preloads.ts). */
interface ScreenList {
  preloads: string[];
  reads: string[];
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * index.html as sent for one screen: its chunks as `<link rel="modulepreload">`, so they load
 * beside the entry instead of after it has run, and its first API reads on the tag of
 * public/early-reads.js, which starts them before any of the app's code has arrived. The
 * chunks are asked for at low priority: they are needed once the entry has run, so they must
 * not take the line from what the first frame waits for (the stylesheet, the font, the theme).
 */
export function screenPageHtml(html: string, { preloads, reads }: ScreenList): string {
  const earlyReads =
    reads.length > 0
      ? `    <script async src="/early-reads.js" data-reads="${escapeAttribute(reads.join(' '))}"></script>\n`
      : '';
  const links = preloads
    .map(
      (file) =>
        `    <link rel="modulepreload" crossorigin fetchpriority="low" href="${escapeAttribute(file)}">\n`,
    )
    .join('');
  return html
    .replace('<head>\n', `<head>\n${earlyReads}`)
    .replace('  </head>', `${links}  </head>`);
}

/**
 * index.html for each screen the build lists (see screenPageHtml), compressed once at start.
 * Empty when the build wrote no list.
 */
export function screenPages(webDist: string): Map<string, ScreenPage> {
  const listFile = path.join(webDist, SCREEN_PRELOADS_FILE);
  if (!existsSync(listFile)) return new Map();
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const screens = JSON.parse(readFileSync(listFile, 'utf8')) as Record<string, ScreenList>;
  return new Map(
    Object.entries(screens).map(([screen, list]) => {
      const page = Buffer.from(screenPageHtml(html, list));
      const br = brotliCompressSync(page, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      });
      return [screen, { identity: page, br, gzip: gzipSync(page, { level: 9 }) }];
    }),
  );
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

  const pages = webDist ? screenPages(webDist) : new Map<string, ScreenPage>();

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api') &&
      !pathname.startsWith('/uploads') &&
      path.extname(pathname) === '';
    // Nothing is returned: a handler that returns the reply has Fastify wait on it as a promise,
    // with listeners on the response, for an answer that is already on its way.
    const screenPage = pages.get(pathname.replace(/\/+$/, ''));
    if (webDist && wantsPage && screenPage) {
      const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
      const vary = reply.getHeader('vary');
      reply.header('cache-control', 'no-cache');
      reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
      if (encoding === 'br' || encoding === 'gzip') reply.header('content-encoding', encoding);
      reply.type('text/html; charset=utf-8').send(screenPage[encoding ?? 'identity']);
    } else if (webDist && wantsPage) {
      reply.header('cache-control', 'no-cache').sendFile('index.html');
    } else {
      sendErrorAnswer(reply, 'not_found', 'Not found');
    }
  });
}

import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Bodies smaller than this go as they are: below ~1 KiB compression saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses JSON answers on the fly (brotli or gzip, as the client accepts). The web app's
 * JavaScript and CSS are compressed once at build time and served as they are by web-app.ts, so
 * only JSON is compressed here and nothing is compressed twice.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/(?:[\w.+-]+\+)?json\b/,
    // Quality 4 is several times faster than the default 11 for a few percent more bytes.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

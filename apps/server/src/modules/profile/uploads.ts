import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fresh from 'fresh';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import {
  createLocalFileStore,
  isFileKey,
  UPLOADS_CACHE_CONTROL,
  UPLOADS_URL_PREFIX,
  type LocalFileStore,
} from './file-store';
import type { S3Config } from '../../config/env';
import { createS3FileStore, type S3FileStore } from './s3-file-store';

export type UploadStore = LocalFileStore | S3FileStore;

/** The folder under DATA_DIR by default; an S3-compatible bucket when `S3_*` is configured. */
export async function createFileStore(config: {
  dataDir: string;
  s3: S3Config | undefined;
}): Promise<UploadStore> {
  if (!config.s3) return createLocalFileStore(path.join(config.dataDir, 'uploads'));
  return createS3FileStore(config.s3);
}

/**
 * Serves uploaded files at /uploads/<folder>/<name> from the app's own origin, the same way for
 * both stores: the stored content type, cached for good (names are never reused), `nosniff`,
 * ETag / Last-Modified with 304s, and a JSON 404 for anything else. The folder is served by
 * @fastify/static; a bucket through `open`, streamed.
 */
export async function registerUploads(app: FastifyInstance, store: UploadStore) {
  app.addHook('onClose', async () => store.close());

  if (store.kind === 'local') {
    await mkdir(store.root, { recursive: true });
    await app.register(fastifyStatic, {
      root: store.root,
      prefix: UPLOADS_URL_PREFIX,
      decorateReply: false,
      index: false,
      maxAge: '365d',
      immutable: true,
    });
    return;
  }

  app.get(`${UPLOADS_URL_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*'?: string })['*'] ?? '';
    // Only keys the store could have written: no `..`, no empty or hidden segments.
    const file = isFileKey(key) ? await store.open(key) : null;
    if (!file) throw new AppError('not_found', 'Not found');
    reply
      .header('cache-control', UPLOADS_CACHE_CONTROL)
      .header('x-content-type-options', 'nosniff');
    if (file.etag) reply.header('etag', file.etag);
    if (file.lastModified) reply.header('last-modified', file.lastModified.toUTCString());
    const validators = {
      etag: file.etag,
      'last-modified': file.lastModified?.toUTCString(),
    };
    if (fresh(request.headers, validators)) {
      if (!Buffer.isBuffer(file.body)) file.body.destroy();
      return reply.status(304).send();
    }
    return reply
      .header('content-type', file.contentType)
      .header('content-length', file.size)
      .send(file.body);
  });
}

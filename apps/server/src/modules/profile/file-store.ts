import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Uploaded files are served from this path of the app's own origin, whichever store holds them. */
export const UPLOADS_URL_PREFIX = '/uploads/';

/** Names are chosen by the server and never reused, so a stored file may be cached for good. */
export const UPLOADS_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** A stored file, opened for serving. */
export type StoredFile = {
  body: Buffer | Readable;
  contentType: string;
  /** In bytes. */
  size: number;
  /** For conditional requests (If-None-Match, If-Modified-Since), when the store keeps them. */
  etag?: string;
  lastModified?: Date;
};

/**
 * Where uploaded files live. The embedded default is a folder (DATA_DIR/uploads); with `S3_*`
 * set, an S3-compatible bucket (`s3-file-store.ts`). Either way a file is known by its key,
 * `<folder>/<name>`, and served at `/uploads/<key>` from the app's own origin, so stored URLs
 * and the CSP do not depend on the store. Names are always chosen by the server, never taken
 * from the upload.
 */
export type FileStore = {
  kind: 'local' | 's3';
  /** Stores a file under a folder and returns the URL path it is served from. */
  save(folder: string, name: string, content: Buffer, contentType: string): Promise<string>;
  /** Removes the file a URL path points at; paths outside the store are ignored. */
  remove(urlPath: string): Promise<void>;
  /** The file with this key (`<folder>/<name>`), or null when there is none. */
  open(key: string): Promise<StoredFile | null>;
  /** Releases connections; called when the app closes. */
  close(): Promise<void>;
};

export type LocalFileStore = FileStore & {
  kind: 'local';
  /** The directory served at /uploads. */
  root: string;
};

/** One path segment: letters, digits, `.`, `_`, `-`, not starting with a dot (no `..`). */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Whether a key is one the stores would have written: `folder/name` of safe segments only. */
export function isFileKey(key: string): boolean {
  const segments = key.split('/');
  return segments.length >= 2 && segments.every((segment) => SEGMENT.test(segment));
}

/** The key a URL path names (`/uploads/avatars/x.webp` → `avatars/x.webp`), or null. */
export function fileKeyOf(urlPath: string): string | null {
  if (!urlPath.startsWith(UPLOADS_URL_PREFIX)) return null;
  const key = urlPath.slice(UPLOADS_URL_PREFIX.length);
  return isFileKey(key) ? key : null;
}

/** Checks what the server is about to store and returns its key and URL path. */
export function fileLocation(folder: string, name: string) {
  const key = `${folder}/${name}`;
  if (!isFileKey(key)) throw new Error(`not a valid file location: ${JSON.stringify(key)}`);
  return { key, urlPath: `${UPLOADS_URL_PREFIX}${key}` };
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
};

/** The content type a stored name implies (a folder keeps no other record of it). */
export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
}

export function createLocalFileStore(root: string): LocalFileStore {
  const resolvedRoot = path.resolve(root);
  /** The file a key names, never outside the uploads folder, whatever the key says. */
  const fileOf = (key: string) => {
    if (!isFileKey(key)) return null;
    const target = path.resolve(resolvedRoot, key);
    return target.startsWith(resolvedRoot + path.sep) ? target : null;
  };

  return {
    kind: 'local',
    root,
    async save(folder, name, content) {
      const { key, urlPath } = fileLocation(folder, name);
      const target = fileOf(key)!;
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, content, { mode: 0o644 });
      return urlPath;
    },
    async remove(urlPath) {
      const key = fileKeyOf(urlPath);
      const target = key && fileOf(key);
      if (!target) return;
      await rm(target, { force: true });
    },
    async open(key) {
      const target = fileOf(key);
      if (!target) return null;
      const info = await stat(target).catch(() => null);
      if (!info?.isFile()) return null;
      return {
        body: createReadStream(target),
        contentType: contentTypeOf(key),
        size: info.size,
        lastModified: info.mtime,
      };
    },
    async close() {},
  };
}

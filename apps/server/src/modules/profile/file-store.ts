import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. The embedded default is a folder (DATA_DIR/uploads) served at
 * /uploads; names are always chosen by the server, never taken from the upload.
 */
export type FileStore = {
  kind: 'local';
  /** Stores a file under a folder and returns the URL path it is served from. */
  save(folder: string, name: string, content: Buffer): Promise<string>;
  remove(urlPath: string): Promise<void>;
  /** The directory served at /uploads. */
  root: string;
};

export function createLocalFileStore(root: string): FileStore {
  return {
    kind: 'local',
    root,
    async save(folder, name, content) {
      const directory = path.join(root, folder);
      await mkdir(directory, { recursive: true });
      await writeFile(path.join(directory, name), content, { mode: 0o644 });
      return `/uploads/${folder}/${name}`;
    },
    async remove(urlPath) {
      if (!urlPath.startsWith('/uploads/')) return;
      const target = path.resolve(root, urlPath.slice('/uploads/'.length));
      // Never outside the uploads folder, whatever the path says.
      if (!target.startsWith(path.resolve(root) + path.sep)) return;
      await rm(target, { force: true });
    },
  };
}

import { readFile } from 'node:fs/promises';
import type * as PGliteModule from '@electric-sql/pglite';
import { inject, vi } from 'vitest';

/**
 * Every in-memory PGlite database in the server tests starts from the migrated template that
 * test/pglite-template-setup.ts dumped, instead of running initdb again. openDatabase still
 * applies the migrations (none left to apply), so each test app gets a fresh database in the
 * same state as before, only sooner. On-disk databases (the restart test) are left alone.
 */
vi.mock('@electric-sql/pglite', async (importOriginal) => {
  const actual = await importOriginal<typeof PGliteModule>();
  const file = inject('pgliteTemplate');
  if (!file) return actual;
  const template = new Blob([await readFile(file)]);
  const create: typeof actual.PGlite.create = (...args: unknown[]) => {
    const [dataDir, options] = args;
    if (dataDir === 'memory://' && options === undefined) {
      return actual.PGlite.create('memory://', { loadDataDir: template });
    }
    return (actual.PGlite.create as (...rest: unknown[]) => ReturnType<typeof create>)(...args);
  };
  const PGlite = new Proxy(actual.PGlite, {
    get: (target, key, receiver) =>
      key === 'create' ? create : Reflect.get(target, key, receiver),
  });
  return { ...actual, PGlite };
});

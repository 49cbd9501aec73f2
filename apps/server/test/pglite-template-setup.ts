import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated in-memory PGlite database, dumped once for the run (empty on PostgreSQL). */
    pgliteTemplate: string;
  }
}

/**
 * Creating a PGlite database runs initdb inside WebAssembly, which costs seconds on a busy
 * 2-core machine, and every test app creates one. The suite creates one migrated database here,
 * once, and test/pglite-template.ts starts each in-memory database from its dump instead.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const client = await PGlite.create('memory://');
  await migrate(drizzle({ client }), {
    migrationsFolder: path.join(import.meta.dirname, '..', 'drizzle'),
  });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(tmpdir(), `vowa-pglite-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => {
    await rm(file, { force: true });
  };
}

// A bare reference server for `npm run bench` (issue 10 part 10): plain Fastify, no plugins, no
// logging. `node reference-server.mjs <json|pg|pglite> <port> [pg url | PGlite directory]`.
// Prints "ready" once it listens. Vowa's routes are compared with these in the same run.
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

const [kind, port, target] = process.argv.slice(2);

/** One primary-key lookup on a catalog table: a real indexed read that needs no setup. */
const QUERY = 'select oid, typname from pg_type where oid = $1';

async function queryFunction() {
  if (kind === 'pg') {
    // The same pool size as Vowa's.
    const pool = new pg.Pool({ connectionString: target, max: 10 });
    pool.on('error', () => {});
    return { run: (oid) => pool.query(QUERY, [oid]), close: () => pool.end() };
  }
  if (kind === 'pglite') {
    const client = await PGlite.create(target);
    return { run: (oid) => client.query(QUERY, [oid]), close: () => client.close() };
  }
  return undefined;
}

const database = await queryFunction();
const app = Fastify({ logger: false });
app.get('/', async () => {
  if (!database) return { hello: 'world' };
  const { rows } = await database.run(23);
  return { type: rows[0] };
});
app.addHook('onClose', async () => database?.close());
await app.listen({ host: '127.0.0.1', port: Number(port) });
process.stdout.write('ready\n');
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));

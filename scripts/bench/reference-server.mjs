// A bare reference server for `npm run bench` (issue 10 part 10): plain Fastify, no plugins, no
// logging. `node reference-server.mjs <kind> <port> [pg url | PGlite directory]`, where kind is
// `json` (no database), `pg` / `pglite` (one primary-key lookup) or `pg-rows` / `pglite-rows`
// (one query reading a list of 20 items and sending them, the same rows and about the same bytes
// as Vowa's bucket-lists read: the physical limit for that payload). Prints "ready" once it
// listens. Vowa's routes are compared with these in the same run.
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

const [kind, port, target] = process.argv.slice(2);
const driver = kind.startsWith('pglite') ? 'pglite' : kind.startsWith('pg') ? 'pg' : undefined;
const readsRows = kind.endsWith('-rows');

/** One primary-key lookup on a catalog table: a real indexed read that needs no setup. */
const LOOKUP = 'select oid, typname from pg_type where oid = $1';

/** A list and its items, with the columns Vowa's bucket_lists and bucket_items have. */
const ROWS_SETUP = `
  drop schema if exists bench_reference cascade;
  create schema bench_reference;
  create table bench_reference.lists (
    id uuid primary key default gen_random_uuid(), owner_id uuid not null, owner_name text not null,
    owner_avatar text, name text not null, description text not null default '',
    color text not null, is_public boolean not null default false,
    created_at timestamptz not null default now(), updated_at timestamptz not null default now());
  create index on bench_reference.lists (owner_id);
  create table bench_reference.items (
    id uuid primary key default gen_random_uuid(), list_id uuid not null, title text not null,
    description text not null default '', location text not null, country text not null,
    category text not null, priority text not null, estimated_cost numeric(12, 2) not null default 0,
    cost_currency text not null default 'USD', best_time_to_visit text not null default '',
    is_completed boolean not null default false, completed_at timestamptz,
    notes text not null default '', image text not null default '',
    image_status text not null default 'ready',
    created_at timestamptz not null default now(), updated_at timestamptz not null default now());
  create index on bench_reference.items (list_id);
  insert into bench_reference.lists (owner_id, owner_name, name, color)
    values ('00000000-0000-4000-8000-000000000001', 'Bench', 'Bench list', 'blue');
  insert into bench_reference.items (list_id, title, location, country, category, priority, image)
    select id, 'Place ' || n, 'Lisbon', 'Portugal', 'adventure', 'medium', 'https://example.com/a.jpg'
    from bench_reference.lists, generate_series(0, 19) n;`;

const ROWS_QUERY = `
  select l.id, l.owner_id, l.owner_name, l.owner_avatar, l.name, l.description as list_description,
    l.color, l.is_public, l.created_at as list_created_at, l.updated_at as list_updated_at,
    i.id as item_id, i.title, i.description, i.location, i.country, i.category, i.priority,
    i.estimated_cost, i.cost_currency, i.best_time_to_visit, i.is_completed, i.completed_at,
    i.notes, i.image, i.image_status, i.created_at, i.updated_at
  from bench_reference.lists l left join bench_reference.items i on i.list_id = l.id
  where l.owner_id = $1 order by l.updated_at desc, l.id, i.created_at`;

async function openDatabase() {
  if (driver === 'pg') {
    // The same pool size as Vowa's.
    const pool = new pg.Pool({ connectionString: target, max: 10 });
    pool.on('error', () => {});
    return {
      query: (text, values) => pool.query(text, values),
      // Without parameters pg sends the simple protocol, which runs several statements.
      exec: (text) => pool.query(text),
      close: () => pool.end(),
    };
  }
  if (driver === 'pglite') {
    const client = await PGlite.create(target);
    return {
      query: (text, values) => client.query(text, values),
      exec: (text) => client.exec(text),
      close: () => client.close(),
    };
  }
  return undefined;
}

/** The rows folded into lists with their items, as a JSON API sends them. */
function foldLists(rows) {
  const lists = [];
  for (const row of rows) {
    if (lists.at(-1)?.id !== row.id) {
      lists.push({
        id: row.id,
        name: row.name,
        description: row.list_description,
        color: row.color,
        isPublic: row.is_public,
        ownerId: row.owner_id,
        ownerName: row.owner_name,
        ownerAvatar: row.owner_avatar,
        createdAt: row.list_created_at,
        updatedAt: row.list_updated_at,
        sharedWith: [],
        items: [],
      });
    }
    if (!row.item_id) continue;
    lists.at(-1).items.push({
      id: row.item_id,
      title: row.title,
      description: row.description,
      location: row.location,
      country: row.country,
      category: row.category,
      priority: row.priority,
      estimatedCost: Number(row.estimated_cost),
      costCurrency: row.cost_currency,
      bestTimeToVisit: row.best_time_to_visit,
      isCompleted: row.is_completed,
      completedDate: row.completed_at,
      notes: row.notes,
      image: row.image,
      imageStatus: row.image_status,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    });
  }
  return { lists };
}

const database = await openDatabase();
if (database && readsRows) await database.exec(ROWS_SETUP);
const app = Fastify({ logger: false });
app.get('/', async () => {
  if (!database) return { hello: 'world' };
  if (readsRows) {
    const { rows } = await database.query(ROWS_QUERY, ['00000000-0000-4000-8000-000000000001']);
    return foldLists(rows);
  }
  const { rows } = await database.query(LOOKUP, [23]);
  return { type: rows[0] };
});
app.addHook('onClose', async () => {
  if (database && readsRows) await database.exec('drop schema if exists bench_reference cascade');
  await database?.close();
});
await app.listen({ host: '127.0.0.1', port: Number(port) });
process.stdout.write('ready\n');
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));

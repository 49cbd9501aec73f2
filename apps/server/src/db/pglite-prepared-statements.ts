import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';

/** How many statements stay prepared; the least recently used one is closed beyond that. */
const MAX_PREPARED_STATEMENTS = 200;

/**
 * Errors after which a prepared statement is forgotten and the query runs as PGlite would run it:
 * the statement is gone (26000), or a table it reads changed shape (0A000, "cached plan must not
 * change result type").
 */
const STALE_STATEMENT_CODES = new Set(['26000', '0A000']);

type Statement = { name: string; parameterTypes: number[] };

const joinMessages = (parts: Uint8Array[]) => {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
};

/** The context PGlite's own `query()` adds to a database error (serialize-error.ts drops `params`). */
function describeFailure(
  error: unknown,
  text: string,
  params: unknown[],
  options: QueryOptions | undefined,
) {
  if (error instanceof Error && 'severity' in error) {
    Object.assign(error, { query: text, params, queryOptions: options });
  }
  return error;
}

/**
 * PGlite's `query()` parses and plans every statement again and crosses into its WebAssembly
 * Postgres six times per query (parse, describe, bind, describe, execute, sync): on a read such
 * as the bucket-lists page, that is three quarters of the time. The same query text is instead
 * prepared once as a named statement, as node-postgres does for drizzle's prepared queries, and
 * then run with one crossing (bind, describe, execute, sync); Postgres keeps a generic plan once
 * it pays. Results, parameter serialization, locking and errors are PGlite's own.
 *
 * Only queries outside a transaction go this way: drizzle runs a transaction's queries on the
 * transaction object PGlite hands it, which keeps PGlite's own path.
 */
export function prepareRepeatedQueries(client: PGlite) {
  const originalQuery = client.query.bind(client);
  const statements = new Map<string, Statement>();
  let counter = 0;

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const name = `vowa_${++counter}`;
    const messages = await client.execProtocolStream(
      joinMessages([
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { ...options, syncToFs: false },
    );
    const description = messages.find((message) => message.name === 'parameterDescription') as
      { dataTypeIDs: number[] } | undefined;
    return { name, parameterTypes: description?.dataTypeIDs ?? [] };
  }

  async function forget(text: string) {
    const statement = statements.get(text);
    if (!statement) return;
    statements.delete(text);
    await client.execProtocolStream(
      joinMessages([
        protocol.serialize.close({ type: 'S', name: statement.name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false, throwOnError: false },
    );
  }

  /** The statement for this text, prepared if new, and now the most recently used. */
  async function statementFor(text: string, options: QueryOptions | undefined) {
    let statement = statements.get(text);
    if (statement) {
      statements.delete(text);
    } else {
      statement = await prepare(text, options);
      const oldest = statements.keys().next();
      if (statements.size >= MAX_PREPARED_STATEMENTS && !oldest.done) await forget(oldest.value);
    }
    statements.set(text, statement);
    return statement;
  }

  function serialize(params: unknown[], statement: Statement, options: QueryOptions | undefined) {
    return params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = statement.parameterTypes[index]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
  }

  async function runPrepared<T>(text: string, params: unknown[], options?: QueryOptions) {
    const statement = await statementFor(text, options);
    const messages = await client.execProtocolStream(
      joinMessages([
        protocol.serialize.bind({
          statement: statement.name,
          values: serialize(params, statement, options) as string[],
        }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      { ...options, syncToFs: false },
    );
    if (!client.isInTransaction()) await client.syncToFs();
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  }

  client.query = async function query<T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    // Blobs (COPY) and explicit parameter types are rare: PGlite's own path handles them.
    if (client.closed || options?.blob || options?.paramTypes) {
      return originalQuery<T>(text, params, options);
    }
    let stale = false;
    const result = await client._runExclusiveTransaction(() =>
      client.runExclusive(async () => {
        try {
          return await runPrepared<T>(text, params, options);
        } catch (error) {
          const code = (error as { code?: unknown }).code;
          if (typeof code !== 'string' || !STALE_STATEMENT_CODES.has(code)) {
            throw describeFailure(error, text, params, options);
          }
          await forget(text);
          stale = true;
          return undefined;
        }
      }),
    );
    return stale || !result ? originalQuery<T>(text, params, options) : result;
  };
}

import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { as, LISTS, sampleItem, verifiedPerson } from './api-helpers';
import { createTestApp } from './test-app';

/**
 * Property: no request to any documented route answers 5xx. Walks the app's own OpenAPI document
 * and sends each route generated path parameters, query strings and JSON bodies: mostly shaped by
 * the route's schema (so they reach the services and the database), mixed with hostile values
 * (NUL, lone surrogates, huge numbers, wrong types, deep nesting, extra keys). Runs on the suite's
 * database (PGlite, or PostgreSQL with DATABASE_URL). A failure prints fast-check's seed and the
 * shrunk request; FUZZ_SEED replays it.
 */

const RUNS_PER_ROUTE = 300;

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};
type Parameter = { in: 'path' | 'query' | 'header' | 'cookie'; name: string; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
};
type Route = { method: string; path: string; operation: Operation };

const t = await createTestApp({ TRAVEL_RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });
afterAll(async () => {
  await t.close();
});

// Real resources, so generated ids sometimes name something that exists (own and someone else's).
const me = await verifiedPerson(t, 'Fuzz Owner');
const stranger = await verifiedPerson(t, 'Fuzz Stranger');
const ownList = (await as(t.app, me).post(LISTS, { name: 'Fuzz list' })).json() as { id: string };
const ownItem = (await as(t.app, me).post(`${LISTS}/${ownList.id}/items`, sampleItem)).json() as {
  id: string;
};
const otherList = (
  await as(t.app, stranger).post(LISTS, { name: 'Not yours', isPublic: true })
).json() as { id: string };
const knownIds = [ownList.id, ownItem.id, otherList.id, me.id, stranger.id];

const hostileStrings = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff tail',
  '%00',
  '%',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  ' ',
  '',
  '9'.repeat(400),
  'x'.repeat(5000),
  '1e309',
  '-1',
  'null',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffffff',
  '\u202e\u0301\ufeff',
];
const hostileNumbers = [
  -1,
  0,
  -0,
  0.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e21,
];

/**
 * Each new origin prices a trip to every destination (cached per origin and day), so airports
 * come from a few codes, known and unknown: the route's budget goes to probing its input.
 */
const AIRPORT_PATTERN = '^[A-Z]{3}$';
const airportCodes = ['JFK', 'LHR', 'NRT', 'ZZZ', 'QQQ'];

const oddCharacters = ['\u0000', '\ud800', '\udc00', '\u202e', '\uffff', '\u0085', "'", '%', '\\'];

const anyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(...hostileStrings),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  anyString,
  fc.constantFrom(...hostileNumbers),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant(JSON.parse(`${'['.repeat(2000)}${']'.repeat(2000)}`) as unknown),
);

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.oneof(fc.uuid(), fc.constantFrom(...knownIds));
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString());
  }
  if (schema.format === 'uri') return fc.webUrl();
  if (schema.pattern === AIRPORT_PATTERN) return fc.constantFrom(...airportCodes);
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // A pattern fast-check cannot generate from (lookarounds): plain strings instead.
    }
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 200;
  const text = fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength, maxLength: Math.min(maxLength, 60) }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength, maxLength }) },
    { weight: 1, arbitrary: fc.constantFrom(...knownIds) },
  );
  return fc.oneof({ weight: 4, arbitrary: text }, { weight: 1, arbitrary: withOddCharacter(text) });
}

/** A valid-looking text with one character databases and parsers trip on, somewhere inside. */
function withOddCharacter(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(text, fc.constantFrom(...oddCharacters), fc.nat()).map(([value, odd, at]) => {
    const index = value.length === 0 ? 0 : at % (value.length + 1);
    return `${value.slice(0, index)}${odd}${value.slice(index)}`;
  });
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e9;
  const max = schema.maximum ?? schema.exclusiveMaximum ?? 1e9;
  const inRange = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return fc.oneof({ weight: 5, arbitrary: inRange }, fc.constantFrom(min, max));
}

/** Values shaped by the schema, each node now and then swapped for a hostile one. */
function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const shaped = shapedValueFor(schema ?? {}, depth);
  // Mostly shaped, so a body with several fields still often gets past validation as a whole.
  return fc.oneof({ weight: 19, arbitrary: shaped }, { weight: 1, arbitrary: hostileValue });
}

function shapedValueFor(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => valueFor(choice, depth + 1)));
  if (schema.allOf?.[0]) return valueFor(schema.allOf[0], depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => shapedValueFor({ ...schema, type }, depth)));
  }
  switch (types[0]) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return numberFor(schema, true);
    case 'number':
      return numberFor(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueFor(schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 6, 6),
      });
    case 'object':
      return objectFor(schema, depth);
    default:
      return depth > 3 ? fc.jsonValue({ maxDepth: 1 }) : hostileValue;
  }
}

function objectFor(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([key, property]) => [
      key,
      valueFor(property, depth + 1),
    ]),
  );
  const required = schema.required ?? [];
  const optional = Object.keys(properties).filter((key) => !required.includes(key));
  const requiredOnly = Object.fromEntries(required.map((key) => [key, properties[key]!]));
  // The required keys and one optional field probes that field alone (a body with every field
  // rarely passes validation as a whole); some bodies have any subset, some miss required keys.
  const oneField =
    optional.length > 0
      ? fc
          .constantFrom(...optional)
          .chain((key) => fc.record({ ...requiredOnly, [key]: properties[key]! }))
      : fc.record(requiredOnly);
  const values = fc.oneof(
    { weight: 3, arbitrary: oneField },
    { weight: 3, arbitrary: fc.record(properties, { requiredKeys: required }) },
    { weight: 1, arbitrary: fc.record(properties, { requiredKeys: [] }) },
  );
  const extra = fc.option(fc.dictionary(anyString, hostileValue, { maxKeys: 2 }), { freq: 4 });
  return fc.tuple(values, extra).map(([known, unknown]) => ({ ...unknown, ...known }));
}

/** Percent-encodes the UTF-8 bytes, so even a lone surrogate makes a well-formed URL. */
function encodePathSegment(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return [...Buffer.from(text ?? '', 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

function queryString(values: Record<string, unknown>): string {
  const pairs = Object.entries(values).flatMap(([key, value]) => {
    if (value === undefined) return [];
    const list = Array.isArray(value) ? value : [value];
    return list.map(
      (item) =>
        `${encodePathSegment(key)}=${encodePathSegment(typeof item === 'string' ? item : JSON.stringify(item))}`,
    );
  });
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function requestsFor(route: Route): fc.Arbitrary<InjectOptions> {
  const parameters = route.operation.parameters ?? [];
  const pathParams = parameters.filter((parameter) => parameter.in === 'path');
  const queryParams = parameters.filter((parameter) => parameter.in === 'query');
  const bodySchema = route.operation.requestBody?.content?.['application/json']?.schema;
  const needsAuth = (route.operation.security ?? []).length > 0;

  const path = fc.record(
    Object.fromEntries(
      pathParams.map((parameter) => [
        parameter.name,
        fc.oneof(
          { weight: 2, arbitrary: valueFor(parameter.schema) },
          { weight: 3, arbitrary: fc.constantFrom(...knownIds) },
        ),
      ]),
    ),
  );
  const query = fc.record(
    Object.fromEntries(
      queryParams.map((parameter) => [parameter.name, valueFor(parameter.schema)]),
    ),
    { requiredKeys: [] },
  );
  const body = bodySchema
    ? valueFor(bodySchema)
    : bodyMethods.has(route.method)
      ? fc.option(hostileValue, { freq: 5 })
      : fc.constant(undefined);
  const auth = needsAuth
    ? fc.oneof(
        { weight: 12, arbitrary: fc.constant(`Bearer ${me.accessToken}`) },
        fc.constantFrom(undefined, 'Bearer ', 'Bearer x.y.z', `Basic ${me.accessToken}`),
      )
    : fc.constant(undefined);

  return fc
    .record({ path, query, body, auth })
    .map(({ path: values, query: q, body: b, auth: a }) => {
      const url = route.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
        encodePathSegment(values[name]),
      );
      const request: InjectOptions = {
        method: route.method as InjectOptions['method'],
        url: `${url}${queryString(q)}`,
        headers: a ? { authorization: a } : {},
      };
      if (b !== undefined && b !== null && bodyMethods.has(route.method)) {
        request.payload = JSON.stringify(b);
        request.headers = { ...request.headers, 'content-type': 'application/json' };
      }
      return request;
    });
}

function documentedRoutes(): Route[] {
  const document = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      operation,
    })),
  );
  // Deletions last, so the other routes still find the fuzzer's list and item.
  const order = (route: Route) => (route.method === 'DELETE' ? 1 : 0);
  return routes.sort((a, b) => order(a) - order(b));
}

const routes = documentedRoutes();
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

describe('every documented route refuses bad input without a 5xx', () => {
  it('walks every route of the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThanOrEqual(78);
  });

  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s',
    async (_name, route) => {
      let sent = 0;
      await fc.assert(
        fc.asyncProperty(requestsFor(route), async (request) => {
          sent += 1;
          const response = await t.app.inject(request);
          expect(
            response.statusCode,
            `${request.method} ${request.url}\n${response.body}`,
          ).toBeLessThan(500);
        }),
        { numRuns: RUNS_PER_ROUTE, seed },
      );
      expect(sent).toBeGreaterThanOrEqual(RUNS_PER_ROUTE);
    },
    // Generous: the argon2 routes hash most bodies, and CI machines may be busy.
    300_000,
  );
});

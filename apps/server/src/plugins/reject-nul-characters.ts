import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

export const inputMessages = {
  nulCharacter: 'Text cannot contain the NUL character (U+0000)',
  brokenUnicode: 'Text must be valid Unicode (it holds half of a surrogate pair)',
} as const;

const NUL = '\u0000';
// Half of a UTF-16 surrogate pair: JSON can spell it (`"\udc00"`), UTF-8 and PostgreSQL cannot.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string cannot be stored as PostgreSQL text: 'nul', 'surrogate' or false. */
function unstorable(text: string): 'nul' | 'surrogate' | false {
  if (text.includes(NUL)) return 'nul';
  return LONE_SURROGATE.test(text) ? 'surrogate' : false;
}

/**
 * The path (`items.0.title`, or a key's own path) of the first string holding U+0000 in a parsed
 * JSON value, or undefined. Iterative, so a deeply nested body cannot overflow the stack.
 */
/** The path and the reason of the first string (value or key) PostgreSQL text cannot hold. */
export function findUnstorableText(
  value: unknown,
): { path: string; reason: 'nul' | 'surrogate' } | undefined {
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (typeof next.value === 'string') {
      const reason = unstorable(next.value);
      if (reason) return { path: next.path, reason };
    } else if (Array.isArray(next.value)) {
      next.value.forEach((element, index) =>
        pending.push({ value: element, path: join(next.path, String(index)) }),
      );
    } else if (next.value !== null && typeof next.value === 'object') {
      for (const [key, element] of Object.entries(next.value)) {
        const path = join(next.path, key.replaceAll(NUL, '\\u0000'));
        const reason = unstorable(key);
        if (reason) return { path, reason };
        pending.push({ value: element, path });
      }
    }
  }
  return undefined;
}

const parts = ['params', 'querystring', 'body'] as const;
type Part = (typeof parts)[number];

function partOf(request: FastifyRequest, part: Part): unknown {
  if (part === 'querystring') return request.query;
  return request[part];
}

/**
 * PostgreSQL text cannot hold U+0000, so any such string reaching a query fails there (a 500).
 * One check for every route, before schema validation, covers path parameters, query strings and
 * JSON bodies at once, rather than a rule on each of the many string schemas that could be missed.
 */
export function registerNulCharacterGuard(app: FastifyInstance) {
  // Synchronous: an async hook on every request costs a promise and a turn of the event loop.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of parts) {
      const found = findUnstorableText(partOf(request, part));
      if (found === undefined) continue;
      const where = part === 'body' ? '' : ` (${part})`;
      const [code, message] =
        found.reason === 'nul'
          ? (['text_has_nul_character', inputMessages.nulCharacter] as const)
          : (['text_not_unicode', inputMessages.brokenUnicode] as const);
      done(new AppError(code, `${message}${where}`, [{ field: found.path, message, code }]));
      return;
    }
    done();
  });
}

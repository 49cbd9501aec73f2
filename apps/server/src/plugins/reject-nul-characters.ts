import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

export const inputMessages = {
  nulCharacter: 'Text cannot contain the NUL character (U+0000)',
} as const;

const NUL = '\u0000';

/**
 * The path (`items.0.title`, or a key's own path) of the first string holding U+0000 in a parsed
 * JSON value, or undefined. Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findNulCharacter(value: unknown): string | undefined {
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (typeof next.value === 'string') {
      if (next.value.includes(NUL)) return next.path;
    } else if (Array.isArray(next.value)) {
      next.value.forEach((element, index) =>
        pending.push({ value: element, path: join(next.path, String(index)) }),
      );
    } else if (next.value !== null && typeof next.value === 'object') {
      for (const [key, element] of Object.entries(next.value)) {
        const path = join(next.path, key.replaceAll(NUL, '\\u0000'));
        if (key.includes(NUL)) return path;
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
  app.addHook('preValidation', async (request) => {
    for (const part of parts) {
      const field = findNulCharacter(partOf(request, part));
      if (field === undefined) continue;
      const where = part === 'body' ? '' : ` (${part})`;
      throw new AppError('text_has_nul_character', `${inputMessages.nulCharacter}${where}`, [
        { field, message: inputMessages.nulCharacter, code: 'text_has_nul_character' },
      ]);
    }
  });
}

/**
 * How errors are written to the log. Database errors carry the failing query's parameters (drizzle
 * puts them in its message and in `params`, the drivers in `params` and `detail`): emails,
 * password hashes, tokens. The log keeps the query text (placeholders only), the SQLSTATE code and
 * the constraint, and never a parameter value.
 */

type Serialized = { type: string; message: string; stack: string; [key: string]: unknown };

/** Fields that hold values, not structure: never logged. */
const dropped = new Set(['params', 'queryOptions', 'raw']);
/** Driver fields that quote row values (`Key (email)=(ada@example.com) already exists`). */
const droppedFromDatabaseErrors = new Set(['detail', 'where', 'internalQuery']);
/** Shorter values are left alone: replacing them would garble the text around them. */
const MIN_REDACTED_LENGTH = 2;
const MAX_CAUSES = 5;

function isErrorLike(value: unknown): value is Error & Record<string, unknown> {
  return (
    value instanceof Error ||
    (typeof value === 'object' && value !== null && 'message' in value && 'stack' in value)
  );
}

function causesOf(error: Error & Record<string, unknown>) {
  const chain: (Error & Record<string, unknown>)[] = [];
  let current: unknown = error;
  while (isErrorLike(current) && chain.length < MAX_CAUSES) {
    chain.push(current);
    current = current.cause;
  }
  return chain;
}

function paramText(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (value instanceof Date) return [value.toISOString()];
  if (Array.isArray(value)) return value.flatMap(paramText);
  if (typeof value === 'object') return [JSON.stringify(value)];
  return [String(value)];
}

function redactor(chain: Record<string, unknown>[]) {
  const values = [
    ...new Set(
      chain.flatMap((error) => (Array.isArray(error.params) ? paramText(error.params) : [])),
    ),
  ]
    .filter((value) => value.length >= MIN_REDACTED_LENGTH)
    .sort((a, b) => b.length - a.length);
  return (text: string) =>
    values.reduce((result, value) => result.replaceAll(value, '[redacted]'), text);
}

/** The call frames only: the first lines of a stack repeat the message. */
function framesOf(stack: unknown): string {
  if (typeof stack !== 'string') return '';
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return frames.join('\n');
}

function messageOf(error: Error & Record<string, unknown>): string {
  const message = String(error.message ?? '');
  // drizzle: "Failed query: <sql>\nparams: <every value>".
  return 'params' in error ? message.replace(/\nparams:[\s\S]*$/, '') : message;
}

function serializeOne(
  error: Error & Record<string, unknown>,
  redact: (text: string) => string,
): Serialized {
  const isDatabaseError = 'severity' in error || 'params' in error;
  const serialized: Serialized = {
    type: error.constructor?.name ?? error.name ?? 'Error',
    message: redact(messageOf(error)),
    stack: framesOf(error.stack),
  };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'cause' || key === 'message' || key === 'stack' || dropped.has(key)) continue;
    if (isDatabaseError && droppedFromDatabaseErrors.has(key)) continue;
    if (isErrorLike(value)) continue;
    serialized[key] = typeof value === 'string' ? redact(value) : value;
  }
  return serialized;
}

/** pino `err` serializer: the error and its causes, without any query parameter. */
export function serializeError(error: unknown): Serialized {
  if (!isErrorLike(error)) return { type: typeof error, message: String(error), stack: '' };
  const chain = causesOf(error);
  const redact = redactor(chain);
  const [first, ...causes] = chain.map((link) => serializeOne(link, redact));
  return causes.length > 0 ? { ...first!, causes } : first!;
}

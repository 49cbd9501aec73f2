/**
 * SQLSTATEs PostgreSQL sends when the connection itself is gone or refused: class 08
 * (connection exception) and the shutdown codes (admin_shutdown, crash_shutdown,
 * cannot_connect_now), as a restart, failover or pg_terminate_backend produces.
 */
const CONNECTION_SQLSTATE = /^(08|57P0[123])/;

/** node-postgres' and Node's own words for a connection that was lost or never made. */
const CONNECTION_MESSAGE =
  /Connection terminated|connection timeout|Client has encountered a connection error|ECONNREFUSED|ECONNRESET|EPIPE/i;

/**
 * Whether a failed query failed because the database could not be reached, not because of
 * the query: such a request is answered 503 (try again), not 500. Drizzle wraps the driver's
 * error, so the chain of causes is walked.
 */
export function isDatabaseConnectionError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string' && CONNECTION_SQLSTATE.test(code)) return true;
    if (typeof code === 'string' && /^(ECONNREFUSED|ECONNRESET|EPIPE)$/.test(code)) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGE.test(message)) return true;
    current = cause;
  }
  return false;
}

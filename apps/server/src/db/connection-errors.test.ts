import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../plugins/error-handler';
import { isDatabaseConnectionError } from './connection-errors';

function withCode(message: string, code?: string): Error {
  return Object.assign(new Error(message), code ? { code } : {});
}

describe('isDatabaseConnectionError', () => {
  it('knows a lost or refused connection, also wrapped in a cause', () => {
    expect(isDatabaseConnectionError(withCode('terminating connection', '57P01'))).toBe(true);
    expect(isDatabaseConnectionError(withCode('connection failure', '08006'))).toBe(true);
    expect(isDatabaseConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseConnectionError(withCode('connect ECONNREFUSED', 'ECONNREFUSED'))).toBe(true);
    const wrapped = new Error('Failed query: select 1', {
      cause: withCode('terminating connection due to administrator command', '57P01'),
    });
    expect(isDatabaseConnectionError(wrapped)).toBe(true);
  });

  it('does not take a failing query for a lost connection', () => {
    expect(isDatabaseConnectionError(withCode('duplicate key value', '23505'))).toBe(false);
    expect(isDatabaseConnectionError(withCode('syntax error', '42601'))).toBe(false);
    expect(isDatabaseConnectionError(new Error('boom'))).toBe(false);
    expect(isDatabaseConnectionError(undefined)).toBe(false);
    expect(isDatabaseConnectionError('Connection terminated')).toBe(false);
  });
});

describe('a request whose database connection is lost', () => {
  it('is answered 503 "try again", and any other failure 500', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/lost', async () => {
      throw new Error('Failed query', { cause: withCode('terminating connection', '57P01') });
    });
    app.get('/broken', async () => {
      throw withCode('duplicate key value', '23505');
    });
    const lost = await app.inject({ method: 'GET', url: '/lost' });
    expect(lost.statusCode).toBe(503);
    expect(lost.json()).toEqual({
      detail: 'The service is briefly unavailable. Please try again.',
      code: 'service_unavailable',
    });
    const broken = await app.inject({ method: 'GET', url: '/broken' });
    expect(broken.statusCode).toBe(500);
    expect(broken.json().code).toBe('internal_error');
    await app.close();
  });
});

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { as, verifiedPerson } from '../../../test/api-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * A local stand-in for Plaid's documented HTTP API: JSON POSTs authenticated by PLAID-CLIENT-ID
 * and PLAID-SECRET, Plaid's response shapes, and its error bodies
 * ({error_type, error_code, error_message, display_message, request_id}).
 */
type Failure = 'ITEM_LOGIN_REQUIRED' | 'RATE_LIMIT_EXCEEDED' | null;
let failNext: Failure = null;
const calls: {
  path: string;
  body: Record<string, unknown>;
  headers: IncomingMessage['headers'];
}[] = [];
let server: Server;
let baseUrl: string;
let t: TestApp;

const ACCESS_TOKEN = 'access-sandbox-5f0e6c2d-real-plaid-token';

const account = (id: string, subtype: string, available: number | null, current: number) => ({
  account_id: id,
  name: subtype === 'checking' ? 'Plaid Checking' : 'Plaid Saving',
  official_name: null,
  mask: '0000',
  type: 'depository',
  subtype,
  balances: {
    available,
    current,
    iso_currency_code: 'USD',
    limit: null,
    unofficial_currency_code: null,
  },
});

function today(offsetDays = 0) {
  return new Date(Date.now() - offsetDays * 86_400_000).toISOString().slice(0, 10);
}

const plaidTransactions = [
  // Plaid's sign: negative is money in.
  {
    transaction_id: 't1',
    account_id: 'acc-chk',
    amount: -3000,
    date: today(5),
    name: 'PAYROLL ACME',
    merchant_name: null,
    category: ['Transfer', 'Payroll'],
    personal_finance_category: { primary: 'INCOME', detailed: 'INCOME_WAGES' },
    iso_currency_code: 'USD',
  },
  {
    transaction_id: 't2',
    account_id: 'acc-chk',
    amount: 42.1,
    date: today(3),
    name: 'UBER 063015',
    merchant_name: 'Uber',
    category: ['Travel', 'Taxi'],
    personal_finance_category: {
      primary: 'TRANSPORTATION',
      detailed: 'TRANSPORTATION_TAXIS_AND_RIDE_SHARES',
    },
    iso_currency_code: 'USD',
  },
  {
    transaction_id: 't3',
    account_id: 'acc-chk',
    amount: 89.4,
    date: today(2),
    name: 'SparkFun',
    merchant_name: 'SparkFun',
    category: ['Shops', 'Computers and Electronics'],
    personal_finance_category: {
      primary: 'GENERAL_MERCHANDISE',
      detailed: 'GENERAL_MERCHANDISE_ELECTRONICS',
    },
    iso_currency_code: 'USD',
  },
  {
    transaction_id: 't4',
    account_id: 'acc-chk',
    amount: 1200,
    date: today(1),
    name: 'RENT',
    merchant_name: null,
    category: ['Payment', 'Rent'],
    personal_finance_category: {
      primary: 'RENT_AND_UTILITIES',
      detailed: 'RENT_AND_UTILITIES_RENT',
    },
    iso_currency_code: 'USD',
  },
];

function answer(path: string, body: Record<string, unknown>) {
  const requestId = `req-${calls.length}`;
  switch (path) {
    case '/link/token/create':
      return {
        link_token: 'link-sandbox-af1a0311-da53-4636-b754-dd15cc058176',
        expiration: '2030-01-01T00:00:00Z',
        request_id: requestId,
      };
    case '/item/public_token/exchange':
      // Like Plaid, every Link session hands out a new public token.
      return String(body.public_token).startsWith('public-sandbox-good-')
        ? {
            access_token: ACCESS_TOKEN,
            item_id: 'M5eVJqLnv3tbzdngLDp9FL5OlDNxlNhlE55op',
            request_id: requestId,
          }
        : {
            status: 400,
            error_type: 'INVALID_INPUT',
            error_code: 'INVALID_PUBLIC_TOKEN',
            error_message: 'provided public token is in an invalid format',
            display_message: null,
            request_id: requestId,
          };
    case '/accounts/get':
    case '/accounts/balance/get':
      return {
        accounts: [
          account('acc-chk', 'checking', 1000, 1100),
          account('acc-sav', 'savings', null, 5000),
        ],
        item: {},
        request_id: requestId,
      };
    case '/transactions/get':
      return {
        accounts: [],
        transactions: plaidTransactions,
        total_transactions: plaidTransactions.length,
        item: {},
        request_id: requestId,
      };
    case '/item/remove':
      return { request_id: requestId };
    default:
      return {
        status: 404,
        error_type: 'INVALID_REQUEST',
        error_code: 'NOT_FOUND',
        error_message: 'not found',
        display_message: null,
        request_id: requestId,
      };
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      calls.push({ path: req.url ?? '', body, headers: req.headers });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (
        req.headers['plaid-client-id'] !== 'client-123' ||
        req.headers['plaid-secret'] !== 'secret-456'
      ) {
        return send(400, {
          error_type: 'INVALID_INPUT',
          error_code: 'INVALID_API_KEYS',
          error_message: 'invalid client_id or secret provided',
          display_message: null,
          request_id: 'x',
        });
      }
      if (failNext === 'RATE_LIMIT_EXCEEDED') {
        failNext = null;
        return send(429, {
          error_type: 'RATE_LIMIT_EXCEEDED',
          error_code: 'RATE_LIMIT_EXCEEDED',
          error_message: 'rate limit exceeded',
          display_message: null,
          request_id: 'x',
        });
      }
      if (failNext === 'ITEM_LOGIN_REQUIRED' && req.url !== '/item/remove') {
        failNext = null;
        return send(400, {
          error_type: 'ITEM_ERROR',
          error_code: 'ITEM_LOGIN_REQUIRED',
          error_message:
            "the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information. use Link's update mode to restore the item to a good state",
          display_message: null,
          request_id: 'x',
        });
      }
      const payload = answer(req.url ?? '', body) as { status?: number };
      return send(payload.status ?? 200, payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    PLAID_CLIENT_ID: 'client-123',
    PLAID_SECRET: 'secret-456',
    PLAID_ENV: 'sandbox',
    PLAID_BASE_URL: baseUrl,
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  calls.length = 0;
  failNext = null;
});

describe('Plaid adapter (PLAID_CLIENT_ID / PLAID_SECRET)', () => {
  it('creates link tokens with the §9 configuration', async () => {
    const who = await verifiedPerson(t);
    const response = await as(t.app, who).post('/api/plaid/link_token', {});
    expect(response.json()).toMatchObject({
      link_token: expect.stringMatching(/^link-sandbox-/),
      provider: 'plaid',
    });
    expect(calls[0]?.path).toBe('/link/token/create');
    expect(calls[0]?.body).toEqual({
      client_name: 'Vowa',
      country_codes: ['US', 'CA'],
      language: 'en',
      products: ['auth', 'transactions'],
      user: { client_user_id: who.id },
      account_filters: { depository: { account_subtypes: ['checking', 'savings'] } },
    });
    // The sandbox bank's own steps do not exist when Plaid is configured.
    expect((await as(t.app, who).get('/api/plaid/sandbox/institutions')).statusCode).toBe(404);
  });

  it('exchanges, fetches 100 transactions, flips Plaid’s sign and derives the figures', async () => {
    const who = await verifiedPerson(t);
    const exchanged = await as(t.app, who).post('/api/plaid/exchange_token', {
      public_token: 'public-sandbox-good-first',
    });
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.body).not.toContain(ACCESS_TOKEN);
    const transactionsCall = calls.find((call) => call.path === '/transactions/get');
    expect(transactionsCall?.body).toMatchObject({
      access_token: ACCESS_TOKEN,
      options: { count: 100, offset: 0 },
    });
    expect(exchanged.json().financials).toMatchObject({
      monthlyIncome: 3000,
      monthlyExpenses: 131.5, // transport 42.10 + shopping 89.40; rent is not a listed category
      availableBalance: 6000, // 1000 available + 5000 current (no available)
      creditScore: 0,
      source: 'bank',
    });
    const transactions = (await as(t.app, who).get('/api/plaid/transactions?count=100')).json() as {
      transactions: { transaction_id: string; amount: number; name: string; category: string[] }[];
    };
    expect(transactions.transactions[0]).toMatchObject({
      transaction_id: 't1',
      amount: 3000,
      category: ['Transfer', 'Payroll', 'Income'],
    });
    expect(transactions.transactions[1]).toMatchObject({ name: 'Uber', amount: -42.1 });
    expect(t.logs.join('\n')).not.toContain(ACCESS_TOKEN);
  });

  it('turns ITEM_LOGIN_REQUIRED and rate limits into clear answers', async () => {
    const who = await verifiedPerson(t);
    await as(t.app, who).post('/api/plaid/exchange_token', {
      public_token: 'public-sandbox-good-broken',
    });
    failNext = 'ITEM_LOGIN_REQUIRED';
    const broken = await as(t.app, who).get('/api/plaid/balance');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({
      detail: 'Your bank needs you to sign in again. Please reconnect.',
      code: 'bank_login_required',
    });
    failNext = 'RATE_LIMIT_EXCEEDED';
    const limited = await as(t.app, who).get('/api/plaid/accounts');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      detail: 'The bank link is busy. Please try again in a minute.',
      code: 'bank_busy',
    });
    const badToken = await as(t.app, who).post('/api/plaid/exchange_token', {
      public_token: 'public-sandbox-bad',
    });
    expect(badToken.statusCode).toBe(400);
    expect(badToken.json()).toEqual({
      detail: 'This bank connection has expired. Please start again.',
      code: 'bank_link_expired',
    });
  });

  it('disconnect removes the item at Plaid and deletes our copy', async () => {
    const who = await verifiedPerson(t);
    await as(t.app, who).post('/api/plaid/exchange_token', {
      public_token: 'public-sandbox-good-disconnect',
    });
    calls.length = 0;
    expect((await as(t.app, who).post('/api/plaid/disconnect')).statusCode).toBe(200);
    expect(calls.map((call) => [call.path, call.body.access_token])).toEqual([
      ['/item/remove', ACCESS_TOKEN],
    ]);
    expect((await as(t.app, who).get('/api/plaid/accounts')).statusCode).toBe(404);
  });

  it('allows Plaid Link’s script in the CSP only when Plaid is configured', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(page.headers['content-security-policy']).toContain('https://cdn.plaid.com');
  });
});

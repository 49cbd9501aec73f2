import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  linkSandboxBank,
  person,
  saveCard,
  verifiedPerson,
  type Person,
} from '../../../test/api-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTokenSealer } from '../../lib/token-sealer';

const ENCRYPTION_KEY = 'test-encryption-key-that-is-long-enough-for-hkdf';
let t: TestApp;
const responses: LightMyRequestResponse[] = [];

beforeAll(async () => {
  t = await createTestApp({ ENCRYPTION_KEY });
});
afterAll(async () => {
  await t.close();
});

/** A client that keeps every response, so the test can prove no token ever left the server. */
function client(who: Person | null) {
  const base = as(t.app, who);
  const keep = async (pending: Promise<LightMyRequestResponse>) => {
    const response = await pending;
    responses.push(response);
    return response;
  };
  return {
    get: (url: string) => keep(base.get(url)),
    post: (url: string, body?: object) => keep(base.post(url, body)),
    put: (url: string, body?: object) => keep(base.put(url, body)),
    delete: (url: string) => keep(base.delete(url)),
  };
}

describe('bank link through the sandbox bank', () => {
  it('refuses an unverified account', async () => {
    const unverified = await person(t.app, 'Unverified');
    const response = await client(unverified).post('/api/plaid/link_token', {});
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      detail: 'Please verify your email address before linking a bank.',
      code: 'email_not_verified',
    });
  });

  it('links, derives the figures by the §9 rules, and serves accounts and transactions', async () => {
    const who = await verifiedPerson(t, 'Linked Person');
    const exchanged = await linkSandboxBank(client(who), who);
    expect(exchanged.statusCode).toBe(200);
    const body = exchanged.json() as {
      access_token: string;
      item_id: string;
      institution_name: string;
      financials: Record<string, unknown>;
    };
    expect(body.institution_name).toBe('Platypus National Bank');
    expect(body.access_token).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.financials).toMatchObject({ connected: true, source: 'bank', creditScore: 0 });

    const api = client(who);
    const accounts = (await api.get('/api/plaid/accounts')).json() as {
      accounts: { subtype: string; balances: { available: number | null; current: number } }[];
    };
    expect(accounts.accounts.map((a) => a.subtype)).toEqual(['checking', 'savings']);
    const transactions = (await api.get('/api/plaid/transactions?count=100')).json() as {
      transactions: { date: string; amount: number; category: string[] }[];
      total_transactions: number;
    };
    expect(transactions.total_transactions).toBe(100);
    expect((await api.get('/api/plaid/transactions?count=5')).json().transactions).toHaveLength(5);
    expect((await api.get('/api/plaid/transactions?count=0')).statusCode).toBe(422);

    // The stored figures are exactly the rules applied to what the bank returned.
    const { deriveMonthlyIncome, deriveMonthlyExpenses, deriveAvailableBalance } =
      await import('@vowa/shared/finance/finance-rules');
    const financials = (await api.get('/api/finance/financials')).json() as Record<string, number>;
    expect(financials.monthlyIncome).toBe(
      deriveMonthlyIncome(transactions.transactions, new Date()),
    );
    expect(financials.monthlyExpenses).toBe(deriveMonthlyExpenses(transactions.transactions));
    expect(financials.availableBalance).toBe(deriveAvailableBalance(accounts.accounts));
    expect(financials.monthlyIncome).toBeGreaterThan(4000);
    expect(financials.monthlyExpenses).toBeGreaterThan(0);

    const sync = await api.post('/api/plaid/sync');
    expect(sync.json()).toMatchObject({ added: 100, financials: { connected: true } });
  });

  it('keeps the bank access token sealed: never in a response, a log line or the database in clear', async () => {
    const who = await verifiedPerson(t, 'Secretive');
    await linkSandboxBank(client(who), who);
    const api = client(who);
    await api.get('/api/plaid/balance');
    await api.get('/api/finance/financials');
    const result = (await t.app.db.execute(
      sql`select access_token_sealed from bank_connections c join users u on u.id = c.user_id where u.email = ${who.email}`,
    )) as unknown as { rows: { access_token_sealed: string }[] };
    const sealed = result.rows[0]?.access_token_sealed ?? '';
    expect(sealed).toMatch(/^v1\./);
    const accessToken = createTokenSealer(ENCRYPTION_KEY).open(sealed);
    expect(accessToken).toMatch(/^access-sandbox-/);
    expect(sealed).not.toContain(accessToken);
    for (const response of responses) expect(response.body).not.toContain(accessToken);
    expect(t.logs.join('\n')).not.toContain(accessToken);
  });

  it('exchanges a public token once, like Plaid: a second or racing exchange gets a 4xx', async () => {
    const who = await verifiedPerson(t, 'Replaying');
    const api = client(who);
    const publicToken = async () => {
      const { link_token } = (await api.post('/api/plaid/link_token')).json() as {
        link_token: string;
      };
      const response = await api.post('/api/plaid/sandbox/public_token', {
        link_token,
        institution_id: 'ins_vowa_1',
        account_ids: ['ins_vowa_1-chk'],
      });
      return (response.json() as { public_token: string }).public_token;
    };
    const exchange = (public_token: string) =>
      api.post('/api/plaid/exchange_token', { public_token });

    const token = await publicToken();
    const first = await exchange(token);
    expect(first.statusCode).toBe(200);
    const replay = await exchange(token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ detail: expect.any(String), code: 'public_token_used' });
    // The replay replaced nothing: the first link is still the connection.
    expect((await api.get('/api/finance/financials')).json()).toMatchObject({ connected: true });
    const connections = (await t.app.db.execute(
      sql`select item_id from bank_connections c join users u on u.id = c.user_id where u.email = ${who.email}`,
    )) as unknown as { rows: { item_id: string }[] };
    expect(connections.rows.map((row) => row.item_id)).toEqual([
      (first.json() as { item_id: string }).item_id,
    ]);

    const raced = await publicToken();
    const statuses = (await Promise.all([exchange(raced), exchange(raced)])).map(
      (response) => response.statusCode,
    );
    expect(statuses.sort()).toEqual([200, 400]);
  });

  it('shows the failure paths: wrong credentials, forged and foreign tokens', async () => {
    const who = await verifiedPerson(t, 'Failing');
    const other = await verifiedPerson(t, 'Other');
    const api = client(who);
    const { link_token } = (await api.post('/api/plaid/link_token')).json() as {
      link_token: string;
    };
    const wrong = await api.post('/api/plaid/sandbox/login', {
      link_token,
      institution_id: 'ins_vowa_2',
      username: 'user_good',
      password: 'wrong',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      detail: 'The username or password you entered is incorrect.',
      code: 'bank_credentials_incorrect',
    });
    const unknownBank = await api.post('/api/plaid/sandbox/login', {
      link_token,
      institution_id: 'ins_nope',
      username: 'user_good',
      password: 'pass_good',
    });
    expect(unknownBank.statusCode).toBe(404);
    const forged = await api.post('/api/plaid/exchange_token', {
      public_token: 'public-sandbox-abc.def',
    });
    expect(forged.statusCode).toBe(400);
    // Someone else's link token does not work for this user.
    const stolen = await client(other).post('/api/plaid/sandbox/public_token', {
      link_token,
      institution_id: 'ins_vowa_2',
      account_ids: ['ins_vowa_2-chk'],
    });
    expect(stolen.statusCode).toBe(400);
    const empty = await api.post('/api/plaid/exchange_token', { public_token: '' });
    expect(empty.statusCode).toBe(422);
    expect((await api.get('/api/finance/financials')).json()).toMatchObject({ connected: false });
  });

  it('disconnects: the item, its tokens and its data are gone', async () => {
    const who = await verifiedPerson(t, 'Leaving Bank');
    await linkSandboxBank(client(who), who);
    const api = client(who);
    const response = await api.post('/api/plaid/disconnect');
    expect(response.statusCode).toBe(200);
    expect((await api.get('/api/plaid/accounts')).json()).toEqual({
      detail: 'No bank is connected.',
      code: 'bank_not_connected',
    });
    expect((await api.get('/api/finance/financials')).json()).toMatchObject({
      connected: false,
      monthlyIncome: 0,
    });
    const left = (await t.app.db.execute(
      sql`select count(*)::int as n from bank_transactions t join bank_connections c on c.id = t.connection_id join users u on u.id = c.user_id where u.email = ${who.email}`,
    )) as unknown as { rows: { n: number }[] };
    expect(Number(left.rows[0]?.n)).toBe(0);
    expect((await api.post('/api/plaid/disconnect')).statusCode).toBe(404);
  });

  it('needs a signed-in user on every call', async () => {
    const guest = client(null);
    for (const url of [
      '/api/plaid/accounts',
      '/api/plaid/balance',
      '/api/plaid/transactions',
      '/api/finance/financials',
      '/api/finance/budget_settings',
      '/api/plaid/sandbox/institutions',
    ]) {
      expect((await guest.get(url)).statusCode, url).toBe(401);
    }
    for (const url of [
      '/api/plaid/link_token',
      '/api/plaid/exchange_token',
      '/api/plaid/sync',
      '/api/plaid/disconnect',
    ]) {
      expect((await guest.post(url, {})).statusCode, url).toBe(401);
    }
  });
});

describe('manual finances', () => {
  it.each([
    [
      { monthlyIncome: 0, monthlyExpenses: 0, availableBalance: 0 },
      'monthlyIncome',
      'Monthly income must be more than 0',
    ],
    [
      { monthlyIncome: 5000, monthlyExpenses: -1, availableBalance: 0 },
      'monthlyExpenses',
      'Monthly expenses must be 0 or more',
    ],
    [
      { monthlyIncome: 5000, monthlyExpenses: 0, availableBalance: -5 },
      'availableBalance',
      'Available balance must be 0 or more',
    ],
    [
      { monthlyIncome: 5000, monthlyExpenses: 0, availableBalance: 0, creditScore: 700.5 },
      'creditScore',
      'Credit score must be a whole number from 0 to 900',
    ],
    [
      { monthlyIncome: '5000', monthlyExpenses: 0, availableBalance: 0 },
      'monthlyIncome',
      'Monthly income must be more than 0',
    ],
  ])('refuses %j and stores nothing', async (body, field, message) => {
    const who = await person(t.app, 'Manual Bad');
    const response = await client(who).put('/api/finance/financials', body);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toContainEqual(expect.objectContaining({ field, message }));
    expect((await client(who).get('/api/finance/financials')).json()).toMatchObject({
      connected: false,
    });
  });

  it('stores figures entered by hand (credit score defaults to 0), and removes them', async () => {
    const who = await person(t.app, 'Manual Good');
    const api = client(who);
    const saved = await api.put('/api/finance/financials', {
      monthlyIncome: 6200,
      monthlyExpenses: 2100.5,
      availableBalance: 12000,
    });
    expect(saved.json()).toMatchObject({
      monthlyIncome: 6200,
      monthlyExpenses: 2100.5,
      availableBalance: 12000,
      creditScore: 0,
      connected: true,
      source: 'manual',
    });
    expect((await api.delete('/api/finance/financials')).statusCode).toBe(204);
    expect((await api.get('/api/finance/financials')).json()).toMatchObject({ connected: false });
  });
});

describe('figures in the user’s currency', () => {
  it('converts bank figures into the Settings currency and says how', async () => {
    const who = await verifiedPerson(t, 'Euro Person');
    await linkSandboxBank(client(who), who);
    const api = client(who);
    const inDollars = (await api.get('/api/finance/financials')).json() as Record<string, unknown>;
    expect(inDollars).toMatchObject({ currency: 'USD', exchangeRate: null });

    await api.put('/api/user_management/settings', { account: { currency: 'EUR' } });
    const inEuros = (await api.get('/api/finance/financials')).json() as {
      monthlyIncome: number;
      availableBalance: number;
      currency: string;
      exchangeRate: { from: string; rate: number; asOf: string; source: string };
    };
    expect(inEuros.currency).toBe('EUR');
    expect(inEuros.exchangeRate).toMatchObject({ from: 'USD', source: expect.any(String) });
    const { rate } = inEuros.exchangeRate;
    expect(rate).toBeGreaterThan(0.5);
    expect(rate).toBeLessThan(1.5);
    expect(inEuros.monthlyIncome).toBeCloseTo((inDollars.monthlyIncome as number) * rate, 1);
    expect(inEuros.availableBalance).toBeCloseTo((inDollars.availableBalance as number) * rate, 1);
  });

  it('keeps figures typed by hand in the currency they were typed in', async () => {
    const who = await person(t.app, 'Yen Person');
    const api = client(who);
    await api.put('/api/user_management/settings', { account: { currency: 'JPY' } });
    const saved = await api.put('/api/finance/financials', {
      monthlyIncome: 450000,
      monthlyExpenses: 200000,
      availableBalance: 1000000,
    });
    expect(saved.json()).toMatchObject({
      monthlyIncome: 450000,
      currency: 'JPY',
      exchangeRate: null,
    });
    await api.put('/api/user_management/settings', { account: { currency: 'USD' } });
    const inDollars = (await api.get('/api/finance/financials')).json() as {
      monthlyIncome: number;
      currency: string;
      exchangeRate: { from: string } | null;
    };
    expect(inDollars.currency).toBe('USD');
    expect(inDollars.exchangeRate?.from).toBe('JPY');
    expect(inDollars.monthlyIncome).toBeGreaterThan(1000);
    expect(inDollars.monthlyIncome).toBeLessThan(10000);
  });
});

describe('budget settings', () => {
  it('start from the defaults and save any subset', async () => {
    // Auto-booking is switched on only with a verified address and a saved card (issue 16).
    const who = await verifiedPerson(t, 'Budgeter');
    await saveCard(t.app, who);
    const api = client(who);
    expect((await api.get('/api/finance/budget_settings')).json()).toEqual({
      maxTripBudget: 5000,
      autoBookingEnabled: false,
      priceAlertThreshold: 80,
      currency: 'USD',
      entered: null,
      exchangeRate: null,
      limits: { currency: 'USD', min: 500, max: 50_000, sliderMax: 20_000, step: 100 },
    });
    const saved = await api.put('/api/finance/budget_settings', {
      maxTripBudget: 7500,
      autoBookingEnabled: true,
    });
    expect(saved.json()).toMatchObject({
      maxTripBudget: 7500,
      autoBookingEnabled: true,
      priceAlertThreshold: 80,
      entered: { amount: 7500, currency: 'USD' },
    });
    await api.put('/api/finance/budget_settings', { priceAlertThreshold: 65 });
    expect((await api.get('/api/finance/budget_settings')).json()).toMatchObject({
      maxTripBudget: 7500,
      autoBookingEnabled: true,
      priceAlertThreshold: 65,
    });
  });

  it.each([
    [{ maxTripBudget: 400 }, 'maxTripBudget', 'Budget must be between $500 and $50,000'],
    [{ maxTripBudget: '5000' }, 'maxTripBudget', 'This value is not valid'],
    [{ maxTripBudget: 50100 }, 'maxTripBudget', 'Budget must be between $500 and $50,000'],
    [{ maxTripBudget: 5050 }, 'maxTripBudget', 'Budget must be in steps of $100'],
    [
      { priceAlertThreshold: 49 },
      'priceAlertThreshold',
      'Price alert threshold must be between 50% and 95%',
    ],
    [
      { priceAlertThreshold: 96 },
      'priceAlertThreshold',
      'Price alert threshold must be between 50% and 95%',
    ],
    [{ autoBookingEnabled: 'yes' }, 'autoBookingEnabled', 'Auto-booking must be on or off'],
  ])('refuses %j with its message and changes nothing', async (body, field, message) => {
    const who = await person(t.app, 'Budget Bad');
    const api = client(who);
    const response = await api.put('/api/finance/budget_settings', body);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toContainEqual(expect.objectContaining({ field, message }));
    expect((await api.get('/api/finance/budget_settings')).json()).toMatchObject({
      maxTripBudget: 5000,
      priceAlertThreshold: 80,
    });
  });
});

describe('budget settings keep their currency', () => {
  const setCurrency = async (api: ReturnType<typeof client>, currency: string) =>
    expect(
      (await api.put('/api/user_management/settings', { account: { currency } })).statusCode,
    ).toBe(200);

  it('keeps a budget entered in euros and shows it converted, with the rate, after a switch', async () => {
    const who = await person(t.app, 'Euro Budgeter');
    const api = client(who);
    await setCurrency(api, 'EUR');
    expect(
      (await api.put('/api/finance/budget_settings', { maxTripBudget: 3000 })).json(),
    ).toMatchObject({
      maxTripBudget: 3000,
      currency: 'EUR',
      entered: { amount: 3000, currency: 'EUR' },
      exchangeRate: null,
    });

    await setCurrency(api, 'USD');
    const inDollars = (await api.get('/api/finance/budget_settings')).json();
    // Bundled rates: 1 EUR = 1.172 USD. €3,000 is $3,516, never $3,000.
    expect(inDollars).toMatchObject({
      maxTripBudget: 3516,
      currency: 'USD',
      entered: { amount: 3000, currency: 'EUR' },
      exchangeRate: { from: 'EUR', rate: 1.172, asOf: '2025-06-30', source: 'bundled' },
    });

    // Saving something else keeps the budget as it was entered.
    await api.put('/api/finance/budget_settings', { priceAlertThreshold: 70 });
    expect((await api.get('/api/finance/budget_settings')).json()).toMatchObject({
      entered: { amount: 3000, currency: 'EUR' },
      priceAlertThreshold: 70,
    });
    const stored = (await t.app.db.execute(
      sql`select b.max_trip_budget as amount, b.budget_currency as currency from budget_settings b join users u on u.id = b.user_id where u.email = ${who.email}`,
    )) as unknown as { rows: { amount: number; currency: string }[] };
    expect(stored.rows[0]).toEqual({ amount: 3000, currency: 'EUR' });
  });

  it('states and enforces the limits in euros', async () => {
    const who = await person(t.app, 'Euro Limits');
    const api = client(who);
    await setCurrency(api, 'EUR');
    expect((await api.get('/api/finance/budget_settings')).json()).toMatchObject({
      // The default $5,000, said nicely in euros.
      maxTripBudget: 4300,
      currency: 'EUR',
      entered: null,
      limits: { currency: 'EUR', min: 400, max: 43_000, sliderMax: 17_000, step: 100 },
    });
    const tooLow = await api.put('/api/finance/budget_settings', { maxTripBudget: 300 });
    expect(tooLow.statusCode).toBe(422);
    expect(tooLow.json().errors).toEqual([
      {
        field: 'maxTripBudget',
        message: 'Budget must be between €400 and €43,000',
        code: 'budgetInvalid',
      },
    ]);
    expect((await api.put('/api/finance/budget_settings', { maxTripBudget: 400 })).statusCode).toBe(
      200,
    );
  });

  it('works in yen: a bigger step, no decimals, limits in yen', async () => {
    const who = await person(t.app, 'Yen Budgeter');
    const api = client(who);
    await setCurrency(api, 'JPY');
    expect((await api.get('/api/finance/budget_settings')).json()).toMatchObject({
      maxTripBudget: 720_000,
      currency: 'JPY',
      limits: {
        currency: 'JPY',
        min: 70_000,
        max: 7_200_000,
        sliderMax: 2_900_000,
        step: 10_000,
      },
    });
    for (const [body, message, code] of [
      [{ maxTripBudget: 50_000 }, 'Budget must be between ¥70,000 and ¥7,200,000', 'budgetInvalid'],
      [
        { maxTripBudget: 8_000_000 },
        'Budget must be between ¥70,000 and ¥7,200,000',
        'budgetInvalid',
      ],
      [{ maxTripBudget: 125_000 }, 'Budget must be in steps of ¥10,000', 'budgetStep'],
    ] as const) {
      const response = await api.put('/api/finance/budget_settings', body);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual([{ field: 'maxTripBudget', message, code }]);
    }
    // ¥500 000 would be refused in dollars (above $50,000 as a number) and is fine in yen.
    const saved = await api.put('/api/finance/budget_settings', { maxTripBudget: 500_000 });
    expect(saved.json()).toMatchObject({
      maxTripBudget: 500_000,
      entered: { amount: 500_000, currency: 'JPY' },
    });
    // Shown to the same person in dollars, converted (¥500,000 ÷ 144.37 ≈ $3,463.30).
    await setCurrency(api, 'USD');
    const inDollars = (await api.get('/api/finance/budget_settings')).json();
    expect(inDollars.currency).toBe('USD');
    expect(inDollars.maxTripBudget).toBeCloseTo(3463.3, 0);
    expect(inDollars.exchangeRate.from).toBe('JPY');
  });

  it('accepts a budget in the currency it names', async () => {
    const who = await person(t.app, 'Named Currency');
    const api = client(who);
    const saved = await api.put('/api/finance/budget_settings', {
      maxTripBudget: 2000,
      currency: 'GBP',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      currency: 'USD',
      entered: { amount: 2000, currency: 'GBP' },
      exchangeRate: { from: 'GBP' },
    });
  });

  it('serves the exchange rates it converts with', async () => {
    const who = await person(t.app, 'Rates Reader');
    const rates = (await client(who).get('/api/finance/exchange_rates')).json();
    expect(rates).toMatchObject({ base: 'EUR', asOf: '2025-06-30', source: 'bundled' });
    expect(rates.rates).toMatchObject({ EUR: 1, USD: 1.172, JPY: 169.2 });
    expect((await client(null).get('/api/finance/exchange_rates')).statusCode).toBe(401);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, person, verifiedPerson, type Person } from '../../../test/api-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const CARD = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2099,
  cvc: '123',
  name: 'Ada Lovelace',
  save: true,
};

async function addCard(who: Person, number: string, save = false) {
  const response = await as(t.app, who).post('/api/payments/sandbox/cards', {
    ...CARD,
    number,
    save,
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { paymentMethodId: string }).paymentMethodId;
}

let keys = 0;
const key = () => `test-key-${Date.now()}-${(keys += 1)}`;

function authorize(who: Person, paymentMethodId: string, idempotencyKey = key()) {
  return t.app.payments.authorize({
    userId: who.id,
    paymentMethodId,
    amountMinor: 123_456,
    currency: 'USD',
    description: 'Trip to Lisbon',
    idempotencyKey,
  });
}

/** The rows a raw query answers (the driver's result shape differs between databases). */
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function count(table: string, where = sql`true`) {
  const [row] = await rows<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`,
  );
  return row!.n;
}

describe('payments config and cards', () => {
  it('says sandbox payments are active and needs a sign-in', async () => {
    const someone = await person(t.app, 'Config Reader');
    expect((await as(t.app, someone).get('/api/payments/config')).json()).toEqual({
      provider: 'sandbox',
    });
    const anonymous = await as(t.app, null).get('/api/payments/methods');
    expect(anonymous.statusCode).toBe(401);
  });

  it('needs a verified email address to add a card', async () => {
    const unverified = await person(t.app, 'Unverified Payer');
    const response = await as(t.app, unverified).post('/api/payments/sandbox/cards', CARD);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'email_not_verified' });
  });

  it('saves a card as brand and last four digits, and lists it', async () => {
    const who = await verifiedPerson(t, 'Card Saver');
    const response = await as(t.app, who).post('/api/payments/sandbox/cards', CARD);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      paymentMethodId: expect.any(String),
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2099,
    });
    const list = (await as(t.app, who).get('/api/payments/methods')).json() as {
      methods: { id: string; brand: string; last4: string }[];
    };
    expect(list.methods).toEqual([
      {
        id: (response.json() as { paymentMethodId: string }).paymentMethodId,
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2099,
        createdAt: expect.any(String),
      },
    ]);
    // The same card saved again stays one card; a one-off card is not listed.
    await addCard(who, '4242424242424242', true);
    await addCard(who, '5555 5555 5555 4444', false);
    const again = (await as(t.app, who).get('/api/payments/methods')).json() as {
      methods: unknown[];
    };
    expect(again.methods).toHaveLength(1);
  });

  it('answers a Luhn-invalid number with 422 and its sentence', async () => {
    const who = await verifiedPerson(t, 'Typo Payer');
    const response = await as(t.app, who).post('/api/payments/sandbox/cards', {
      ...CARD,
      number: '4242 4242 4242 4241',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: 'Your card number is invalid.',
      code: 'card_invalid',
    });
  });

  it('refuses an expired card and malformed fields', async () => {
    const who = await verifiedPerson(t, 'Expired Payer');
    const expired = await as(t.app, who).post('/api/payments/sandbox/cards', {
      ...CARD,
      expMonth: 1,
      expYear: 2020,
    });
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toMatchObject({
      code: 'card_expired',
      detail: 'Your card has expired.',
    });
    for (const bad of [
      { cvc: '12' },
      { expMonth: 13 },
      { number: 'abcd' },
      { name: '  ' },
      { number: 42 },
    ]) {
      const response = await as(t.app, who).post('/api/payments/sandbox/cards', {
        ...CARD,
        ...bad,
      });
      expect(response.statusCode, JSON.stringify(bad)).toBe(422);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    }
  });

  it("removes one's own card; another person's card is a 404", async () => {
    const owner = await verifiedPerson(t, 'Card Owner');
    const other = await verifiedPerson(t, 'Card Stranger');
    const id = await addCard(owner, '4242424242424242', true);
    expect((await as(t.app, other).delete(`/api/payments/methods/${id}`)).statusCode).toBe(404);
    expect((await as(t.app, other).delete('/api/payments/methods/not-a-uuid')).statusCode).toBe(
      404,
    );
    expect(await t.app.payments.methodOf(other.id, id)).toBeNull();
    expect(await t.app.payments.methodOf(owner.id, id)).toEqual({
      id,
      brand: 'visa',
      last4: '4242',
    });
    expect((await as(t.app, owner).delete(`/api/payments/methods/${id}`)).statusCode).toBe(200);
    expect((await as(t.app, owner).delete(`/api/payments/methods/${id}`)).statusCode).toBe(404);
    expect(await t.app.payments.methodOf(owner.id, id)).toBeNull();
  });

  it('limits the cards a person may add in an hour', async () => {
    const who = await verifiedPerson(t, 'Card Tester');
    const answers = [];
    for (let attempt = 0; attempt < 21; attempt += 1)
      answers.push(
        (await as(t.app, who).post('/api/payments/sandbox/cards', { ...CARD, save: false }))
          .statusCode,
      );
    expect(answers.slice(0, 20).every((status) => status === 201)).toBe(true);
    expect(answers[20]).toBe(429);
    // Another person is counted on their own.
    const other = await verifiedPerson(t, 'Other Card Tester');
    await addCard(other, '4242424242424242');
  });

  it('answers Stripe-only routes with 404 payment_provider_mismatch', async () => {
    const who = await verifiedPerson(t, 'Sandbox Only');
    const response = await as(t.app, who).post('/api/payments/setup_intents');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'payment_provider_mismatch' });
  });
});

describe('sandbox authorizations', () => {
  it('4242 4242 4242 4242 is held, captured once and refunded once', async () => {
    const who = await verifiedPerson(t, 'Good Payer');
    const method = await addCard(who, '4242 4242 4242 4242');
    const held = await authorize(who, method);
    expect(held).toEqual({ status: 'authorized', paymentId: expect.any(String) });
    const { paymentId } = held as { paymentId: string };
    expect(await t.app.payments.status(paymentId)).toBe('authorized');
    await t.app.payments.capture(paymentId, 'capture-1');
    await t.app.payments.capture(paymentId, 'capture-1');
    expect(await t.app.payments.status(paymentId)).toBe('captured');
    const first = await t.app.payments.refund(paymentId, 100_000, 'refund-1');
    const replay = await t.app.payments.refund(paymentId, 100_000, 'refund-1');
    expect(replay).toEqual(first);
    await expect(t.app.payments.refund(paymentId, 50_000, 'refund-2')).rejects.toMatchObject({
      code: 'refund_exceeds_payment',
    });
    await t.app.payments.refund(paymentId, 23_456, 'refund-3');
    expect(await t.app.payments.status(paymentId)).toBe('refunded');
    const [payment] = await rows<{ provider_payment_id: string }>(
      sql`select provider_payment_id from payments where id = ${paymentId}`,
    );
    expect(await count('sandbox_refunds', sql`payment_id = ${payment!.provider_payment_id}`)).toBe(
      2,
    );
    expect(
      await count(
        'sandbox_payments',
        sql`id = ${payment!.provider_payment_id} and status = 'refunded' and amount_refunded = 123456`,
      ),
    ).toBe(1);
  });

  it('4000 0000 0000 0002 is declined with its sentence', async () => {
    const who = await verifiedPerson(t, 'Declined Payer');
    const method = await addCard(who, '4000 0000 0000 0002');
    expect(await authorize(who, method)).toEqual({
      status: 'declined',
      paymentId: expect.any(String),
      declineCode: 'generic_decline',
      message: 'Your card was declined.',
    });
  });

  it('4000 0000 0000 9995 lacks funds', async () => {
    const who = await verifiedPerson(t, 'Broke Payer');
    const method = await addCard(who, '4000000000009995');
    expect(await authorize(who, method)).toMatchObject({
      status: 'declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
  });

  it('4000 0025 0000 3155 needs the confirmation step; Complete holds it', async () => {
    const who = await verifiedPerson(t, 'Careful Payer');
    const other = await verifiedPerson(t, 'Nosy Payer');
    const method = await addCard(who, '4000 0025 0000 3155');
    const idempotencyKey = key();
    const first = await authorize(who, method, idempotencyKey);
    expect(first).toEqual({
      status: 'requires_action',
      paymentId: expect.any(String),
      action: { type: 'sandbox_confirm', paymentId: first.paymentId },
    });
    const url = `/api/payments/sandbox/payments/${first.paymentId}/confirm`;
    expect((await as(t.app, other).post(url, { outcome: 'complete' })).statusCode).toBe(404);
    expect((await as(t.app, who).post(url, { outcome: 'maybe' })).statusCode).toBe(422);
    const confirmed = await as(t.app, who).post(url, { outcome: 'complete' });
    expect(confirmed.json()).toEqual({ paymentId: first.paymentId, status: 'authorized' });
    // The booking retries with the same key and finds the hold.
    expect(await authorize(who, method, idempotencyKey)).toEqual({
      status: 'authorized',
      paymentId: first.paymentId,
    });
    // A second answer does not change the first.
    const late = await as(t.app, who).post(url, { outcome: 'fail' });
    expect(late.json()).toEqual({ paymentId: first.paymentId, status: 'authorized' });
  });

  it('failing the confirmation step declines the payment', async () => {
    const who = await verifiedPerson(t, 'Failing Payer');
    const method = await addCard(who, '4000002500003155');
    const idempotencyKey = key();
    const first = await authorize(who, method, idempotencyKey);
    const url = `/api/payments/sandbox/payments/${first.paymentId}/confirm`;
    expect((await as(t.app, who).post(url, { outcome: 'fail' })).json()).toEqual({
      paymentId: first.paymentId,
      status: 'declined',
    });
    expect(await authorize(who, method, idempotencyKey)).toMatchObject({
      status: 'declined',
      declineCode: 'authentication_failed',
    });
  });

  it('any other Luhn-valid number succeeds, and a released hold cannot be captured', async () => {
    const who = await verifiedPerson(t, 'Mastercard Payer');
    const method = await addCard(who, '5555 5555 5555 4444');
    const held = await authorize(who, method);
    expect(held.status).toBe('authorized');
    await t.app.payments.release(held.paymentId!, 'release-1');
    await t.app.payments.release(held.paymentId!, 'release-1');
    expect(await t.app.payments.status(held.paymentId!)).toBe('released');
    await expect(t.app.payments.capture(held.paymentId!, 'capture-late')).rejects.toMatchObject({
      code: 'payment_not_capturable',
    });
  });

  it('one idempotency key holds once, however many calls race', async () => {
    const who = await verifiedPerson(t, 'Double Clicker');
    const method = await addCard(who, '4242424242424242');
    const idempotencyKey = key();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => authorize(who, method, idempotencyKey)),
    );
    const ids = new Set(results.map((result) => result.paymentId));
    expect(ids.size).toBe(1);
    expect(results.every((result) => result.status === 'authorized')).toBe(true);
    expect(await count('payments', sql`idempotency_key = ${idempotencyKey}`)).toBe(1);
    expect(await count('sandbox_payments', sql`idempotency_key like ${`%${[...ids][0]}%`}`)).toBe(
      1,
    );
  });

  it('answers a repeated key the same after the card was removed', async () => {
    const who = await verifiedPerson(t, 'Remover');
    const method = await addCard(who, '4242424242424242', true);
    const idempotencyKey = key();
    const first = await authorize(who, method, idempotencyKey);
    expect((await as(t.app, who).delete(`/api/payments/methods/${method}`)).statusCode).toBe(200);
    expect(await authorize(who, method, idempotencyKey)).toEqual(first);
    await expect(authorize(who, method)).rejects.toMatchObject({
      code: 'payment_method_not_found',
    });
  });

  it("cannot pay with another person's card", async () => {
    const owner = await verifiedPerson(t, 'Card Holder');
    const thief = await verifiedPerson(t, 'Card Thief');
    const method = await addCard(owner, '4242424242424242');
    await expect(authorize(thief, method)).rejects.toMatchObject({
      code: 'payment_method_not_found',
    });
    await expect(authorize(thief, 'garbage')).rejects.toMatchObject({
      code: 'payment_method_not_found',
    });
  });
});

describe('card numbers stay out of storage and logs', () => {
  it('keeps no card number in any table or log line', async () => {
    const who = await verifiedPerson(t, 'Private Payer');
    const numbers = ['4000056655665556', '4000 0025 0000 3155'];
    for (const number of numbers) await addCard(who, number, true);
    await as(t.app, who).post('/api/payments/sandbox/cards', {
      ...CARD,
      number: '4000056655665557',
    });
    const tables = await rows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    );
    expect(tables.map((table) => table.table_name)).toContain('sandbox_cards');
    const needles = ['4000056655665556', '4000002500003155', '4000056655665557', '0025 0000'];
    for (const { table_name } of tables) {
      const text = JSON.stringify(await rows(sql`select * from ${sql.identifier(table_name)}`));
      for (const needle of needles) expect(text, table_name).not.toContain(needle);
    }
    const logs = t.logs.join('\n');
    for (const needle of needles) expect(logs).not.toContain(needle);
    expect(logs).toContain('/api/payments/sandbox/cards');
  });
});

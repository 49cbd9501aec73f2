import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, person, verifiedPerson, type Person } from '../../../test/api-helpers';
import {
  STRIPE_FAKE_PUBLISHABLE_KEY,
  STRIPE_FAKE_SECRET_KEY,
  STRIPE_FAKE_WEBHOOK_SECRET,
  startStripeFake,
  type StripeFake,
} from '../../../test/stripe-fake';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { loadConfig } from '../../config/env';

let fake: StripeFake;
let t: TestApp;
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  fake = await startStripeFake();
  t = await createTestApp({
    STRIPE_SECRET_KEY: STRIPE_FAKE_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: STRIPE_FAKE_PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: STRIPE_FAKE_WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.apiBase,
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** A raw call to the fake, as Stripe's documented HTTP contract describes it. */
function call(
  method: string,
  path: string,
  body?: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return fetch(`${fake.apiBase}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${STRIPE_FAKE_SECRET_KEY}`,
      ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...headers,
    },
    body: body ? new URLSearchParams(body).toString() : undefined,
  });
}

describe('Stripe configuration', () => {
  it('needs all three keys, checks their shape and never repeats them', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: STRIPE_FAKE_SECRET_KEY })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: must be set together with STRIPE_SECRET_KEY/,
    );
    expect(() =>
      loadConfig({
        STRIPE_SECRET_KEY: 'pk_test_wrongKind',
        STRIPE_PUBLISHABLE_KEY: STRIPE_FAKE_PUBLISHABLE_KEY,
        STRIPE_WEBHOOK_SECRET: STRIPE_FAKE_WEBHOOK_SECRET,
      }),
    ).toThrow(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
    try {
      loadConfig({ STRIPE_SECRET_KEY: 'pk_test_wrongKind' });
    } catch (error) {
      expect(String(error)).not.toContain('pk_test_wrongKind');
    }
    expect(loadConfig({}).stripe).toBeUndefined();
  });

  it('lets the browser load Stripe.js only when Stripe is on', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(page.headers['content-security-policy']).toContain('https://js.stripe.com');
  });
});

describe("the Stripe fake keeps Stripe's documented contract", () => {
  it('needs Bearer auth with the secret key', async () => {
    const response = await fetch(`${fake.apiBase}/v1/customers`, { method: 'POST' });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { type: string } }).error.type).toBe(
      'invalid_request_error',
    );
  });

  it('reads form-encoded bodies with bracket notation', async () => {
    const response = await call('POST', '/v1/customers', { 'metadata[userId]': 'u1' });
    expect(response.status).toBe(200);
    const customer = (await response.json()) as { id: string; metadata: object };
    expect(customer.id).toMatch(/^cus_/);
    expect(customer.metadata).toEqual({ userId: 'u1' });
  });

  it('replays an idempotency key and refuses it with other parameters', async () => {
    const headers = { 'idempotency-key': 'contract-key-1' };
    const first = await call('POST', '/v1/customers', { description: 'a' }, headers);
    const again = await call('POST', '/v1/customers', { description: 'a' }, headers);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    const other = await call('POST', '/v1/customers', { description: 'b' }, headers);
    expect(other.status).toBe(400);
    expect(((await other.json()) as { error: { type: string } }).error.type).toBe(
      'idempotency_error',
    );
  });

  it('answers a declined card with 402 and the card error shape', async () => {
    const response = await call('POST', '/v1/payment_intents', {
      amount: '5000',
      currency: 'usd',
      payment_method: 'pm_card_chargeDeclinedInsufficientFunds',
      capture_method: 'manual',
      confirm: 'true',
    });
    expect(response.status).toBe(402);
    const { error } = (await response.json()) as {
      error: { type: string; code: string; decline_code: string; message: string };
    };
    expect(error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
  });

  it('holds with manual capture, captures, refunds and 404s unknown ids', async () => {
    const created = await call('POST', '/v1/payment_intents', {
      amount: '5000',
      currency: 'eur',
      payment_method: 'pm_card_visa',
      capture_method: 'manual',
      confirm: 'true',
    });
    const intent = (await created.json()) as { id: string; status: string };
    expect(intent.status).toBe('requires_capture');
    const captured = await call('POST', `/v1/payment_intents/${intent.id}/capture`, {});
    expect(((await captured.json()) as { status: string }).status).toBe('succeeded');
    const twice = await call('POST', `/v1/payment_intents/${intent.id}/capture`, {});
    expect(twice.status).toBe(400);
    const refund = await call('POST', '/v1/refunds', { payment_intent: intent.id, amount: '6000' });
    expect(refund.status).toBe(400);
    const unknown = await call('GET', '/v1/payment_intents/pi_nothing');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe(
      'resource_missing',
    );
  });
});

async function saveCard(who: Person, testCard: string) {
  const started = await as(t.app, who).post('/api/payments/setup_intents');
  expect(started.statusCode, started.body).toBe(201);
  const { setupIntentId, clientSecret } = started.json() as {
    setupIntentId: string;
    clientSecret: string;
  };
  expect(clientSecret).toContain('_secret_');
  fake.confirmSetup(setupIntentId, testCard);
  const recorded = await as(t.app, who).post('/api/payments/methods', {
    setupIntentId,
    save: true,
  });
  expect(recorded.statusCode, recorded.body).toBe(201);
  return { setupIntentId, ...(recorded.json() as { paymentMethodId: string; last4: string }) };
}

let keys = 0;
const authorize = (who: Person, paymentMethodId: string, idempotencyKey = `k-${(keys += 1)}`) =>
  t.app.payments.authorize({
    userId: who.id,
    paymentMethodId,
    amountMinor: 25_000,
    currency: 'EUR',
    description: 'Trip to Porto',
    idempotencyKey,
  });

async function deliver(type: string, payload?: string, signature?: string) {
  const event = [...fake.events].reverse().find((candidate) => candidate.type === type)!;
  const body = payload ?? JSON.stringify({ ...event, object: 'event', api_version: null });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature':
        signature ??
        signer.webhooks.generateTestHeaderString({
          payload: body,
          secret: STRIPE_FAKE_WEBHOOK_SECRET,
        }),
    },
    payload: body,
  });
}

describe('Stripe payments against the fake', () => {
  it('says Stripe is active with its publishable key', async () => {
    const someone = await person(t.app, 'Stripe Config');
    expect((await as(t.app, someone).get('/api/payments/config')).json()).toEqual({
      provider: 'stripe',
      publishableKey: STRIPE_FAKE_PUBLISHABLE_KEY,
    });
    const sandbox = await as(t.app, someone).post('/api/payments/sandbox/cards', {});
    expect(sandbox.statusCode).toBe(422);
    // Saving a card needs a verified address with Stripe too.
    const setup = await as(t.app, someone).post('/api/payments/setup_intents');
    expect(setup.statusCode).toBe(403);
    expect(setup.json()).toMatchObject({ code: 'email_not_verified' });
  });

  it('saves a card through a SetupIntent; nobody else can record it', async () => {
    const who = await verifiedPerson(t, 'Stripe Saver');
    const other = await verifiedPerson(t, 'Stripe Stranger');
    const card = await saveCard(who, 'pm_card_visa');
    expect(card).toMatchObject({ last4: '4242', brand: 'visa' });
    const list = (await as(t.app, who).get('/api/payments/methods')).json() as {
      methods: { id: string }[];
    };
    expect(list.methods.map((method) => method.id)).toEqual([card.paymentMethodId]);
    const stolen = await as(t.app, other).post('/api/payments/methods', {
      setupIntentId: card.setupIntentId,
      save: true,
    });
    expect(stolen.statusCode).toBe(404);
    const unknown = await as(t.app, who).post('/api/payments/methods', {
      setupIntentId: 'seti_nothing',
      save: true,
    });
    expect(unknown.statusCode).toBe(404);
    // An unconfirmed SetupIntent records nothing.
    const started = (await as(t.app, who).post('/api/payments/setup_intents')).json() as {
      setupIntentId: string;
    };
    const early = await as(t.app, who).post('/api/payments/methods', {
      setupIntentId: started.setupIntentId,
      save: true,
    });
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({ code: 'payment_setup_incomplete' });
    // Removing it detaches it at Stripe.
    const stripeMethod = [...fake.requests]
      .reverse()
      .find((request) => request.path.startsWith('/v1/setup_intents/') && request.method === 'GET');
    expect(stripeMethod).toBeDefined();
    expect(
      (await as(t.app, who).delete(`/api/payments/methods/${card.paymentMethodId}`)).statusCode,
    ).toBe(200);
    expect(fake.requests.some((request) => request.path.endsWith('/detach'))).toBe(true);
  });

  it('holds with manual capture, captures and refunds, each call with a key', async () => {
    const from = fake.requests.length;
    const who = await verifiedPerson(t, 'Stripe Payer');
    const card = await saveCard(who, 'pm_card_visa');
    const held = await authorize(who, card.paymentMethodId, 'stripe-hold-1');
    expect(held.status).toBe('authorized');
    expect(await authorize(who, card.paymentMethodId, 'stripe-hold-1')).toEqual(held);
    const creates = fake.requests.filter(
      (request) => request.method === 'POST' && request.path === '/v1/payment_intents',
    );
    expect(creates.at(-1)?.params).toMatchObject({
      amount: '25000',
      currency: 'eur',
      capture_method: 'manual',
      confirm: 'true',
    });
    // The repeated authorization answered from Vowa's record: Stripe was asked once.
    expect(
      creates.filter((request) => request.idempotencyKey === `vowa-authorize-${held.paymentId}`),
    ).toHaveLength(1);
    await t.app.payments.capture(held.paymentId!, 'capture-1');
    expect(await t.app.payments.status(held.paymentId!)).toBe('captured');
    await t.app.payments.refund(held.paymentId!, 25_000, 'refund-1');
    await t.app.payments.refund(held.paymentId!, 25_000, 'refund-1');
    expect(
      fake.requests.filter(
        (request) =>
          request.path === '/v1/refunds' && request.idempotencyKey?.startsWith('vowa-refund-'),
      ),
    ).toHaveLength(1);
    expect(await t.app.payments.status(held.paymentId!)).toBe('refunded');
    for (const request of fake.requests.slice(from).filter((each) => each.method === 'POST'))
      expect(request.idempotencyKey, request.path).toBeTruthy();
  });

  it("declines with Stripe's own sentences", async () => {
    const who = await verifiedPerson(t, 'Stripe Declined');
    const declined = await saveCard(who, 'pm_card_chargeDeclined');
    expect(await authorize(who, declined.paymentMethodId)).toMatchObject({
      status: 'declined',
      declineCode: 'generic_decline',
      message: 'Your card was declined.',
    });
    const broke = await saveCard(who, 'pm_card_chargeDeclinedInsufficientFunds');
    expect(await authorize(who, broke.paymentMethodId)).toMatchObject({
      status: 'declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
  });

  it('asks for the next action, and the signed webhook records the hold', async () => {
    const who = await verifiedPerson(t, 'Stripe 3DS');
    const card = await saveCard(who, 'pm_card_authenticationRequired');
    const first = await authorize(who, card.paymentMethodId, 'stripe-3ds');
    expect(first).toMatchObject({
      status: 'requires_action',
      action: {
        type: 'stripe_next_action',
        clientSecret: expect.stringContaining('_secret_'),
        publishableKey: STRIPE_FAKE_PUBLISHABLE_KEY,
      },
    });
    const intentId = fake.requests
      .filter((request) => request.path === '/v1/payment_intents')
      .at(-1);
    expect(intentId).toBeDefined();
    const intent = [...fake.events]
      .reverse()
      .find((event) => event.type === 'payment_intent.requires_action')!;
    fake.authenticate(intent.data.object.id, true);
    const forged = await deliver(
      'payment_intent.amount_capturable_updated',
      undefined,
      't=1,v1=00',
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'webhook_signature_invalid' });
    const delivered = await deliver('payment_intent.amount_capturable_updated');
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(await authorize(who, card.paymentMethodId, 'stripe-3ds')).toEqual({
      status: 'authorized',
      paymentId: first.paymentId,
    });
    await t.app.payments.release(first.paymentId!, 'release-1');
    expect(fake.object(intent.data.object.id)?.status).toBe('canceled');
  });

  it('records a card from the setup_intent.succeeded webhook', async () => {
    const who = await verifiedPerson(t, 'Stripe Webhook Saver');
    const started = (await as(t.app, who).post('/api/payments/setup_intents')).json() as {
      setupIntentId: string;
    };
    fake.confirmSetup(started.setupIntentId, 'pm_card_mastercard');
    expect((await deliver('setup_intent.succeeded')).statusCode).toBe(200);
    const recorded = await as(t.app, who).post('/api/payments/methods', {
      setupIntentId: started.setupIntentId,
      save: true,
    });
    expect(recorded.json()).toMatchObject({ brand: 'mastercard', last4: '4444' });
    const list = (await as(t.app, who).get('/api/payments/methods')).json() as {
      methods: unknown[];
    };
    expect(list.methods).toHaveLength(1);
  });
});

import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the parts of Stripe's documented REST API Vowa uses, for contract tests
 * (https://docs.stripe.com/api):
 *
 * - `Authorization: Bearer <secret key>` on every call (the publishable key may only confirm,
 *   as Stripe.js does); 401 `invalid_request_error` otherwise;
 * - form-encoded bodies with Stripe's bracket notation (`metadata[userId]=…`, `expand[0]=…`);
 * - `Idempotency-Key` on POSTs: the same key and parameters replay the first answer (with
 *   `Idempotent-Replayed: true`), the same key with other parameters is a 400
 *   `idempotency_error`;
 * - errors as `{ error: { type, code, decline_code, message, param, payment_intent } }` with
 *   Stripe's statuses (400, 401, 402 for card errors, 404 `resource_missing`);
 * - Customers, PaymentMethods (the test ids `pm_card_visa`, `pm_card_mastercard`,
 *   `pm_card_chargeDeclined`, `pm_card_chargeDeclinedInsufficientFunds`,
 *   `pm_card_authenticationRequired` are cloned into a new `pm_…` when used, as Stripe does),
 *   SetupIntents, PaymentIntents (manual or automatic capture, confirm, capture, cancel) and
 *   Refunds, each change recorded as an event (`events`) the test can sign and deliver.
 */

export const STRIPE_FAKE_SECRET_KEY = 'sk_test_vowaFake000000000000000001';
export const STRIPE_FAKE_PUBLISHABLE_KEY = 'pk_test_vowaFake000000000000000001';
export const STRIPE_FAKE_WEBHOOK_SECRET = 'whsec_vowaFake00000000000000000001';

type Behaviour = 'succeeds' | 'declined' | 'insufficient_funds' | 'authentication_required';
type StripeObject = Record<string, unknown> & { id: string; object: string };

const testCards: Record<
  string,
  { brand: string; last4: string; behaviour: Behaviour; fingerprint: string }
> = {
  pm_card_visa: { brand: 'visa', last4: '4242', behaviour: 'succeeds', fingerprint: 'fpVisa4242' },
  pm_card_mastercard: {
    brand: 'mastercard',
    last4: '4444',
    behaviour: 'succeeds',
    fingerprint: 'fpMc4444',
  },
  pm_card_chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    behaviour: 'declined',
    fingerprint: 'fpVisa0002',
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    behaviour: 'insufficient_funds',
    fingerprint: 'fpVisa9995',
  },
  pm_card_authenticationRequired: {
    brand: 'visa',
    last4: '3184',
    behaviour: 'authentication_required',
    fingerprint: 'fpVisa3184',
  },
};

export type RecordedStripeRequest = {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  params: Record<string, unknown>;
  status: number;
};

export type StripeFakeEvent = { id: string; type: string; data: { object: StripeObject } };

export type StripeFake = {
  /** For STRIPE_API_BASE: `http://127.0.0.1:<port>`. */
  apiBase: string;
  requests: RecordedStripeRequest[];
  events: StripeFakeEvent[];
  object: (id: string) => StripeObject | undefined;
  /** What the person does in Stripe's 3-D Secure window: pass or fail it. */
  authenticate: (paymentIntentId: string, pass: boolean) => StripeObject;
  /** Confirms a SetupIntent with a card, as the Payment Element does in the browser. */
  confirmSetup: (setupIntentId: string, testPaymentMethod: string) => StripeObject;
  close: () => Promise<void>;
};

class StripeFakeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

function invalid(message: string, extra: Record<string, unknown> = {}, status = 400) {
  return new StripeFakeError(status, { type: 'invalid_request_error', message, ...extra });
}

function missing(kind: string, id: string) {
  return invalid(`No such ${kind}: '${id}'`, { code: 'resource_missing', param: 'id' }, 404);
}

/** Stripe's form encoding back into objects: `a[b][0]=x` → `{ a: { b: { 0: 'x' } } }`. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let target = result;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        target[part] = value;
        return;
      }
      target[part] ??= {};
      target = target[part] as Record<string, unknown>;
    });
  }
  return result;
}

const listOf = (value: unknown): string[] =>
  value && typeof value === 'object'
    ? Object.values(value).map(String)
    : value
      ? [String(value)]
      : [];

export async function startStripeFake(): Promise<StripeFake> {
  const objects = new Map<string, StripeObject>();
  const behaviours = new Map<string, Behaviour>();
  const idempotency = new Map<string, { hash: string; status: number; body: string }>();
  const requests: RecordedStripeRequest[] = [];
  const events: StripeFakeEvent[] = [];

  const emit = (type: string, object: StripeObject) =>
    events.push({ id: newId('evt'), type, data: { object: structuredClone(object) } });

  const get = (id: string, kind: string) => {
    const object = objects.get(id);
    if (!object || object.object !== kind) throw missing(kind, id);
    return object;
  };

  /** A test id becomes a new PaymentMethod each time it is used, as in test mode. */
  function paymentMethod(id: unknown, customer: string | null): StripeObject {
    if (typeof id !== 'string')
      throw invalid('Missing required param: payment_method.', { param: 'payment_method' });
    const card = testCards[id];
    if (card) {
      const clone: StripeObject = {
        id: newId('pm'),
        object: 'payment_method',
        type: 'card',
        customer,
        created: now(),
        card: {
          brand: card.brand,
          last4: card.last4,
          exp_month: 12,
          exp_year: new Date().getUTCFullYear() + 3,
          fingerprint: card.fingerprint,
          funding: 'credit',
          country: 'US',
        },
      };
      objects.set(clone.id, clone);
      behaviours.set(clone.id, card.behaviour);
      return clone;
    }
    const existing = get(id, 'payment_method');
    if (customer && existing.customer && existing.customer !== customer)
      throw invalid('The provided PaymentMethod belongs to a different Customer.', {
        param: 'payment_method',
      });
    return existing;
  }

  function confirmPaymentIntent(intent: StripeObject) {
    const behaviour = behaviours.get(String(intent.payment_method)) ?? 'succeeds';
    if (behaviour === 'declined' || behaviour === 'insufficient_funds') {
      const error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: behaviour === 'declined' ? 'generic_decline' : 'insufficient_funds',
        message:
          behaviour === 'declined'
            ? 'Your card was declined.'
            : 'Your card has insufficient funds.',
        charge: newId('ch'),
      };
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error });
      emit('payment_intent.payment_failed', intent);
      throw new StripeFakeError(402, { ...error, payment_intent: structuredClone(intent) });
    }
    if (behaviour === 'authentication_required') {
      Object.assign(intent, {
        status: 'requires_action',
        next_action: {
          type: 'use_stripe_sdk',
          use_stripe_sdk: { type: 'three_d_secure_redirect' },
        },
      });
      emit('payment_intent.requires_action', intent);
      return;
    }
    hold(intent);
  }

  function hold(intent: StripeObject) {
    if (intent.capture_method === 'manual') {
      Object.assign(intent, {
        status: 'requires_capture',
        amount_capturable: intent.amount,
        next_action: null,
      });
      emit('payment_intent.amount_capturable_updated', intent);
    } else {
      Object.assign(intent, {
        status: 'succeeded',
        amount_received: intent.amount,
        next_action: null,
      });
      emit('payment_intent.succeeded', intent);
    }
  }

  const unexpectedState = (intent: StripeObject, action: string) =>
    invalid(
      `This PaymentIntent's ${action} could not be performed because it has a status of ${String(intent.status)}.`,
      { code: 'payment_intent_unexpected_state', payment_intent: structuredClone(intent) },
    );

  const routes: [
    method: string,
    pattern: RegExp,
    handle: (params: Record<string, unknown>, id: string) => StripeObject,
  ][] = [
    [
      'POST',
      /^\/v1\/customers$/,
      (params) => {
        const customer: StripeObject = {
          id: newId('cus'),
          object: 'customer',
          created: now(),
          metadata: params.metadata ?? {},
        };
        objects.set(customer.id, customer);
        return customer;
      },
    ],
    ['GET', /^\/v1\/payment_methods\/([\w-]+)$/, (_params, id) => get(id, 'payment_method')],
    [
      'POST',
      /^\/v1\/payment_methods\/([\w-]+)\/detach$/,
      (_params, id) => Object.assign(get(id, 'payment_method'), { customer: null }),
    ],
    [
      'POST',
      /^\/v1\/setup_intents$/,
      (params) => {
        if (params.customer) get(String(params.customer), 'customer');
        const id = newId('seti');
        const setup: StripeObject = {
          id,
          object: 'setup_intent',
          client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
          customer: params.customer ?? null,
          metadata: params.metadata ?? {},
          usage: params.usage ?? 'off_session',
          payment_method: null,
          payment_method_types: listOf(
            params.allowed_payment_method_types ?? params.payment_method_types,
          ),
          status: 'requires_payment_method',
          created: now(),
        };
        objects.set(id, setup);
        return setup;
      },
    ],
    [
      'GET',
      /^\/v1\/setup_intents\/([\w-]+)$/,
      (params, id) => expand(get(id, 'setup_intent'), listOf(params.expand)),
    ],
    [
      'POST',
      /^\/v1\/setup_intents\/([\w-]+)\/confirm$/,
      (params, id) => confirmSetup(id, params.payment_method),
    ],
    [
      'POST',
      /^\/v1\/payment_intents$/,
      (params) => {
        const amount = Number(params.amount);
        if (!Number.isInteger(amount) || amount < 1)
          throw invalid('This value must be greater than or equal to 1.', { param: 'amount' });
        if (typeof params.currency !== 'string' || !/^[a-z]{3}$/.test(params.currency))
          throw invalid('Invalid currency.', { param: 'currency' });
        const customer = params.customer ? String(params.customer) : null;
        if (customer) get(customer, 'customer');
        const id = newId('pi');
        const intent: StripeObject = {
          id,
          object: 'payment_intent',
          amount,
          amount_capturable: 0,
          amount_received: 0,
          currency: params.currency,
          customer,
          description: params.description ?? null,
          metadata: params.metadata ?? {},
          capture_method: params.capture_method ?? 'automatic_async',
          client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
          payment_method: params.payment_method
            ? paymentMethod(params.payment_method, customer).id
            : null,
          payment_method_types: listOf(params.allowed_payment_method_types ?? ['card']),
          status: params.payment_method ? 'requires_confirmation' : 'requires_payment_method',
          last_payment_error: null,
          next_action: null,
          created: now(),
        };
        objects.set(id, intent);
        emit('payment_intent.created', intent);
        if (params.confirm === 'true') confirmPaymentIntent(intent);
        return intent;
      },
    ],
    ['GET', /^\/v1\/payment_intents\/([\w-]+)$/, (_params, id) => get(id, 'payment_intent')],
    [
      'POST',
      /^\/v1\/payment_intents\/([\w-]+)\/capture$/,
      (params, id) => {
        const intent = get(id, 'payment_intent');
        if (intent.status !== 'requires_capture') throw unexpectedState(intent, 'capture');
        const amount = params.amount_to_capture
          ? Number(params.amount_to_capture)
          : Number(intent.amount);
        Object.assign(intent, {
          status: 'succeeded',
          amount_received: amount,
          amount_capturable: 0,
        });
        emit('payment_intent.succeeded', intent);
        return intent;
      },
    ],
    [
      'POST',
      /^\/v1\/payment_intents\/([\w-]+)\/cancel$/,
      (params, id) => {
        const intent = get(id, 'payment_intent');
        if (['succeeded', 'canceled'].includes(String(intent.status)))
          throw unexpectedState(intent, 'cancel');
        Object.assign(intent, {
          status: 'canceled',
          amount_capturable: 0,
          cancellation_reason: params.cancellation_reason ?? 'requested_by_customer',
        });
        emit('payment_intent.canceled', intent);
        return intent;
      },
    ],
    [
      'POST',
      /^\/v1\/refunds$/,
      (params) => {
        const intent = get(String(params.payment_intent), 'payment_intent');
        if (intent.status !== 'succeeded')
          throw invalid(
            `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
            {
              code: 'charge_not_refundable',
            },
          );
        const refunded = Number(intent.amount_refunded ?? 0);
        const remaining = Number(intent.amount_received) - refunded;
        const amount = params.amount ? Number(params.amount) : remaining;
        if (!Number.isInteger(amount) || amount < 1 || amount > remaining)
          throw invalid(
            `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
            { param: 'amount' },
          );
        intent.amount_refunded = refunded + amount;
        const refund: StripeObject = {
          id: newId('re'),
          object: 'refund',
          amount,
          currency: intent.currency,
          payment_intent: intent.id,
          status: 'succeeded',
          created: now(),
        };
        objects.set(refund.id, refund);
        emit('charge.refunded', intent);
        return refund;
      },
    ],
  ];

  function expand(object: StripeObject, fields: string[]): StripeObject {
    const copy = structuredClone(object);
    for (const field of fields) {
      const value = copy[field];
      if (typeof value === 'string' && objects.has(value))
        copy[field] = structuredClone(objects.get(value)!);
    }
    return copy;
  }

  function confirmSetup(id: string, method: unknown): StripeObject {
    const setup = get(id, 'setup_intent');
    if (setup.status === 'succeeded')
      throw invalid('This SetupIntent has already succeeded.', {
        code: 'setup_intent_unexpected_state',
      });
    const card = paymentMethod(method, (setup.customer as string | null) ?? null);
    Object.assign(setup, { payment_method: card.id, status: 'succeeded' });
    emit('setup_intent.succeeded', setup);
    return setup;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://fake');
    const method = request.method ?? 'GET';
    const text = method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8');
    const params = parseStripeForm(text);
    const key = request.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' ? key : undefined;
    const send = (status: number, body: string, replayed = false) => {
      requests.push({ method, path: url.pathname, idempotencyKey, params, status });
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': newId('req'),
        'stripe-version': String(request.headers['stripe-version'] ?? '2026-10-28.endive'),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
      response.end(body);
    };

    const auth = request.headers.authorization ?? '';
    const bearer = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    const confirmsOnly = /\/confirm$/.test(url.pathname) && bearer === STRIPE_FAKE_PUBLISHABLE_KEY;
    if (bearer !== STRIPE_FAKE_SECRET_KEY && !confirmsOnly) {
      send(
        401,
        JSON.stringify({
          error: {
            type: 'invalid_request_error',
            message: bearer
              ? `Invalid API Key provided: ${bearer.slice(0, 8)}********`
              : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
          },
        }),
      );
      return;
    }
    if (
      method === 'POST' &&
      request.headers['content-type'] &&
      !String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')
    ) {
      send(
        400,
        JSON.stringify({
          error: {
            type: 'invalid_request_error',
            message: 'Invalid request: bodies must be application/x-www-form-urlencoded.',
          },
        }),
      );
      return;
    }

    const hash = createHash('sha256').update(`${method} ${url.pathname} ${text}`).digest('hex');
    if (method === 'POST' && idempotencyKey) {
      const earlier = idempotency.get(idempotencyKey);
      if (earlier && earlier.hash !== hash) {
        send(
          400,
          JSON.stringify({
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          }),
        );
        return;
      }
      if (earlier) {
        send(earlier.status, earlier.body, true);
        return;
      }
    }

    let status = 200;
    let body: string;
    const route = routes.find(([verb, pattern]) => verb === method && pattern.test(url.pathname));
    try {
      if (!route) throw invalid(`Unrecognized request URL (${method}: ${url.pathname}).`, {}, 404);
      const id = route[1].exec(url.pathname)?.[1] ?? '';
      body = JSON.stringify(route[2](params, id));
    } catch (error) {
      if (!(error instanceof StripeFakeError)) throw error;
      status = error.status;
      body = JSON.stringify({ error: error.body });
    }
    // Stripe keeps the first answer of a key, errors from the card network included.
    if (method === 'POST' && idempotencyKey && status !== 409)
      idempotency.set(idempotencyKey, { hash, status, body });
    send(status, body);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiBase: `http://127.0.0.1:${port}`,
    requests,
    events,
    object: (id) => objects.get(id),
    authenticate(paymentIntentId, pass) {
      const intent = get(paymentIntentId, 'payment_intent');
      if (intent.status !== 'requires_action') throw unexpectedState(intent, 'authentication');
      if (pass) {
        hold(intent);
      } else {
        Object.assign(intent, {
          status: 'requires_payment_method',
          next_action: null,
          last_payment_error: {
            type: 'invalid_request_error',
            code: 'payment_intent_authentication_failure',
            message:
              'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
          },
        });
        emit('payment_intent.payment_failed', intent);
      }
      return intent;
    },
    confirmSetup: (setupIntentId, testPaymentMethod) =>
      confirmSetup(setupIntentId, testPaymentMethod),
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}

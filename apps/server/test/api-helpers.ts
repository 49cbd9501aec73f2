import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { signUpAndIn, tokenFromLink, type TestApp } from './test-app';

export type Person = Awaited<ReturnType<typeof signUpAndIn>> & { id: string };

/** A signed-up, signed-in person with their user id. */
export async function person(app: FastifyInstance, name = 'Traveller'): Promise<Person> {
  const session = await signUpAndIn(app, { name });
  const me = await app.inject({
    method: 'GET',
    url: '/api/auth/users/me',
    headers: { authorization: `Bearer ${session.accessToken}` },
  });
  return { ...session, id: (me.json() as { id: string }).id };
}

/** A person whose email address is verified through the mailed link, as a user would. */
export async function verifiedPerson(t: TestApp, name = 'Verified Traveller'): Promise<Person> {
  const someone = await person(t.app, name);
  const mail = (await t.outbox()).filter((m) => m.to === someone.email).at(-1);
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/auth/verify_email',
    payload: { token: tokenFromLink(mail?.link) },
  });
  if (verified.statusCode !== 200) throw new Error(`verification failed: ${verified.body}`);
  return someone;
}

/** Saves a sandbox card that pays (Settings → Payment methods); auto-booking needs one. */
export async function saveCard(app: FastifyInstance, who: Person): Promise<string> {
  const card = await as(app, who).post('/api/payments/sandbox/cards', {
    number: '4242424242424242',
    expMonth: 12,
    expYear: 2099,
    cvc: '123',
    name: 'Card Holder',
    save: true,
  });
  if (card.statusCode !== 201) throw new Error(`card not saved: ${card.body}`);
  return (card.json() as { paymentMethodId: string }).paymentMethodId;
}

export function as(app: FastifyInstance, who: Person | null) {
  const headers = who ? { authorization: `Bearer ${who.accessToken}` } : undefined;
  return {
    get: (url: string) => app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload?: object) => app.inject({ method: 'POST', url, payload, headers }),
    patch: (url: string, payload?: object) =>
      app.inject({ method: 'PATCH', url, payload, headers }),
    put: (url: string, payload?: object) => app.inject({ method: 'PUT', url, payload, headers }),
    delete: (url: string) => app.inject({ method: 'DELETE', url, headers }),
  };
}

export const LISTS = '/api/travel/bucket_lists';

export const sampleItem = {
  title: 'See the northern lights',
  location: 'Tromsø',
  country: 'Norway',
  category: 'nature',
  priority: 'high',
  estimatedCost: 2400,
  bestTimeToVisit: 'December to March',
  notes: 'Book a husky tour',
  description: 'Aurora hunting above the Arctic Circle',
};

/**
 * The owner invites `friend` (a verified person) to a list and the friend accepts it from their
 * invitations, as the bucket-list screen does. Only then is the list shared and are they friends.
 */
export async function shareAndAccept(
  app: FastifyInstance,
  owner: Person,
  listId: string,
  friend: Person,
) {
  const sent = await as(app, owner).post(`${LISTS}/${listId}/shares`, { email: friend.email });
  if (sent.statusCode !== 201) throw new Error(`share failed: ${sent.body}`);
  const waiting = (await as(app, friend).get(`${LISTS}/invitations`)).json() as {
    invitations: { id: string; listId: string }[];
  };
  const invitation = waiting.invitations.find((candidate) => candidate.listId === listId);
  if (!invitation) throw new Error(`no invitation to ${listId} for ${friend.email}`);
  const accepted = await as(app, friend).post(`${LISTS}/invitations/${invitation.id}/accept`);
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.body}`);
}

/** Walks the sandbox bank's Link steps like the web app does. */
export async function linkSandboxBank(
  api: Pick<ReturnType<typeof as>, 'post'>,
  who: Person,
  institution = 'ins_vowa_1',
) {
  const link = await api.post('/api/plaid/link_token', {
    clientName: 'Vowa',
    countryCodes: ['US', 'CA'],
    language: 'en',
    products: ['auth', 'transactions'],
    user: { clientUserId: who.id },
  });
  expect(link.statusCode).toBe(200);
  const { link_token, provider } = link.json() as { link_token: string; provider: string };
  expect(provider).toBe('sandbox');
  const login = await api.post('/api/plaid/sandbox/login', {
    link_token,
    institution_id: institution,
    username: 'user_good',
    password: 'pass_good',
  });
  const accounts = (login.json() as { accounts: { account_id: string }[] }).accounts;
  const publicToken = await api.post('/api/plaid/sandbox/public_token', {
    link_token,
    institution_id: institution,
    account_ids: accounts.map((a) => a.account_id),
  });
  return api.post('/api/plaid/exchange_token', {
    public_token: (publicToken.json() as { public_token: string }).public_token,
  });
}

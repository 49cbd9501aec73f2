import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BucketList, ReceivedInvitation } from '@vowa/shared/bucket-lists/bucket-list-schemas';
import {
  as,
  LISTS,
  person,
  shareAndAccept,
  verifiedPerson,
  type Person,
} from '../../../test/api-helpers';
import { createTestApp, tokenFromLink, uniqueEmail, type TestApp } from '../../../test/test-app';
import { invitationMessages } from './bucket-list-invitations';

let t: TestApp;
let owner: Person;

beforeAll(async () => {
  t = await createTestApp();
  owner = await verifiedPerson(t, 'Nellie Bly');
});
afterAll(async () => {
  await t.close();
});

const SUBJECT = 'Nellie Bly invited you to a bucket list on Vowa';
const profileOf = (who: Person) => `/api/users/${who.id}/profile`;

async function createList(app: TestApp, who: Person, name = 'Round the world') {
  const response = await as(app.app, who).post(LISTS, { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as BucketList;
}

async function invite(app: TestApp, who: Person, listId: string, email: string) {
  return as(app.app, who).post(`${LISTS}/${listId}/shares`, { email });
}

const invitationMails = async (app: TestApp, email: string) =>
  (await app.outbox()).filter((mail) => mail.to === email && /invited you/.test(mail.subject));

async function waitingFor(app: TestApp, who: Person) {
  const response = await as(app.app, who).get(`${LISTS}/invitations`);
  expect(response.statusCode).toBe(200);
  return (response.json() as { invitations: ReceivedInvitation[] }).invitations;
}

async function listIdsOf(app: TestApp, who: Person) {
  return ((await as(app.app, who).get(LISTS)).json() as { lists: BucketList[] }).lists.map(
    (list) => list.id,
  );
}

describe('sharing answers the same for every address', () => {
  it('a member and an unknown address get the same answer and the same mail', async () => {
    const member = await person(t.app, 'Freya Stark');
    const stranger = uniqueEmail('not.a.member');
    const list = await createList(t, owner);
    const known = await invite(t, owner, list.id, member.email);
    const unknown = await invite(t, owner, list.id, stranger);
    expect(known.statusCode).toBe(201);
    expect(unknown.statusCode).toBe(201);
    const mask = (body: { id: string; email: string }) => ({ ...body, id: '-', email: '-' });
    expect(mask(unknown.json())).toEqual(mask(known.json()));
    expect(known.json()).toEqual({
      id: expect.any(String),
      email: member.email,
      status: 'pending',
    });
    // Nothing about the person: no id, no name.
    expect(Object.keys(known.json()).sort()).toEqual(['email', 'id', 'status']);

    const [toMember] = await invitationMails(t, member.email);
    const [toStranger] = await invitationMails(t, stranger);
    expect(toMember?.subject).toBe(SUBJECT);
    expect(toStranger?.subject).toBe(SUBJECT);
    expect(toMember?.link).toMatch(
      /^http:\/\/localhost:8000\/travel\/bucket-list\/invitation\?token=[\w-]{43}$/,
    );
  });

  it('an invitation to an unknown address is waiting once they sign up and verify it', async () => {
    const email = uniqueEmail('newcomer');
    const list = await createList(t, owner, 'Silk Road');
    expect((await invite(t, owner, list.id, email)).statusCode).toBe(201);
    const newcomer = await person(t.app, 'New Comer');
    expect(newcomer.email).not.toBe(email);
    const signedUp = await (async () => {
      const registered = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email, password: 'correct-horse-1', name: 'Hester Stanhope' },
      });
      expect(registered.statusCode).toBe(201);
      const verify = (await t.outbox()).filter((m) => m.to === email && /Verify/.test(m.subject));
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify_email',
        payload: { token: tokenFromLink(verify.at(-1)?.link) },
      });
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'correct-horse-1' },
      });
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/users/me',
        headers: { authorization: `Bearer ${login.json().access_token}` },
      });
      return { email, accessToken: login.json().access_token, id: me.json().id } as Person;
    })();
    expect(await waitingFor(t, signedUp)).toEqual([
      {
        id: expect.any(String),
        listId: list.id,
        listName: 'Silk Road',
        listColor: 'ocean-blue',
        ownerName: 'Nellie Bly',
        ownerAvatar: null,
        expiresAt: expect.any(String),
      },
    ]);
  });
});

describe('consent', () => {
  it('until accepted the list is not theirs and the two are not friends; accepting changes both', async () => {
    const friend = await verifiedPerson(t, 'Isabella Bird');
    const list = await createList(t, owner, 'Rockies');
    expect((await invite(t, owner, list.id, friend.email)).statusCode).toBe(201);

    expect(await listIdsOf(t, friend)).not.toContain(list.id);
    expect((await as(t.app, friend).get(`${LISTS}/${list.id}`)).statusCode).toBe(404);
    // Friends-only profiles (the default) stay closed both ways.
    expect((await as(t.app, friend).get(profileOf(owner))).statusCode).toBe(404);
    expect((await as(t.app, owner).get(profileOf(friend))).statusCode).toBe(404);
    expect(
      ((await as(t.app, owner).get(`${LISTS}/${list.id}`)).json() as BucketList).sharedWith,
    ).toEqual([]);

    const [waiting] = await waitingFor(t, friend);
    expect(waiting?.listId).toBe(list.id);
    const accepted = await as(t.app, friend).post(`${LISTS}/invitations/${waiting?.id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      id: list.id,
      name: 'Rockies',
      ownerName: 'Nellie Bly',
    });

    expect(await listIdsOf(t, friend)).toContain(list.id);
    expect((await as(t.app, friend).get(profileOf(owner))).statusCode).toBe(200);
    expect((await as(t.app, owner).get(profileOf(friend))).statusCode).toBe(200);
    expect(await waitingFor(t, friend)).toEqual([]);
    // Accepting twice is not possible; sharing again says it is accepted and mails nobody.
    expect(
      (await as(t.app, friend).post(`${LISTS}/invitations/${waiting?.id}/accept`)).statusCode,
    ).toBe(404);
    const before = (await invitationMails(t, friend.email)).length;
    expect((await invite(t, owner, list.id, friend.email)).json()).toMatchObject({
      status: 'accepted',
    });
    expect(await invitationMails(t, friend.email)).toHaveLength(before);
  });

  it('declining shares nothing, and the owner is neither told nor able to mail them again', async () => {
    const friend = await verifiedPerson(t, 'Gertrude Bell');
    const list = await createList(t, owner, 'Desert');
    await invite(t, owner, list.id, friend.email);
    const [waiting] = await waitingFor(t, friend);
    const declined = await as(t.app, friend).post(`${LISTS}/invitations/${waiting?.id}/decline`);
    expect(declined.statusCode).toBe(204);
    expect(await waitingFor(t, friend)).toEqual([]);
    expect(await listIdsOf(t, friend)).not.toContain(list.id);
    expect((await as(t.app, friend).get(profileOf(owner))).statusCode).toBe(404);
    expect(
      (await as(t.app, friend).post(`${LISTS}/invitations/${waiting?.id}/accept`)).statusCode,
    ).toBe(404);

    const shares = (await as(t.app, owner).get(`${LISTS}/${list.id}/shares`)).json();
    expect(shares).toEqual({
      shares: [],
      invitations: [{ id: waiting?.id, email: friend.email, expiresAt: expect.any(String) }],
    });
    const again = await invite(t, owner, list.id, friend.email);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ id: waiting?.id, email: friend.email, status: 'pending' });
    expect(await invitationMails(t, friend.email)).toHaveLength(1);
  });

  it('only the addressee may answer; the owner may withdraw an invitation', async () => {
    const friend = await verifiedPerson(t, 'Alexandra David-Néel');
    const intruder = await verifiedPerson(t, 'Intruder');
    const list = await createList(t, owner, 'Tibet');
    const sent = (await invite(t, owner, list.id, friend.email)).json() as { id: string };
    for (const action of ['accept', 'decline']) {
      const response = await as(t.app, intruder).post(`${LISTS}/invitations/${sent.id}/${action}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        detail: invitationMessages.invitationInvalid,
        code: 'invitation_invalid',
      });
    }
    expect((await as(t.app, owner).post(`${LISTS}/invitations/${sent.id}/accept`)).statusCode).toBe(
      404,
    );
    expect(
      (await as(t.app, intruder).post(`${LISTS}/invitations/not-an-id/accept`)).statusCode,
    ).toBe(404);
    expect(
      (await as(t.app, intruder).delete(`${LISTS}/${list.id}/invitations/${sent.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await as(t.app, owner).delete(`${LISTS}/${list.id}/invitations/${sent.id}`)).statusCode,
    ).toBe(204);
    expect(await waitingFor(t, friend)).toEqual([]);
  });

  it('the mailed link hands the invitation to whoever signs in with it, even unverified', async () => {
    const email = uniqueEmail('mailbox');
    const reader = await person(t.app, 'Ella Maillart');
    const other = await person(t.app, 'Someone Else');
    const list = await createList(t, owner, 'Caucasus');
    await invite(t, owner, list.id, email);
    await invite(t, owner, list.id, reader.email);
    // An unverified account sees nothing sent to its address: anyone could have typed it.
    expect(await waitingFor(t, reader)).toEqual([]);

    const token = tokenFromLink((await invitationMails(t, email)).at(-1)?.link);
    // The owner following their own link does not take it over.
    const own = await as(t.app, owner).post(`${LISTS}/invitations/open`, { token });
    expect(own.statusCode).toBe(404);
    const opened = await as(t.app, reader).post(`${LISTS}/invitations/open`, { token });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ listId: list.id, listName: 'Caucasus' });
    expect((await waitingFor(t, reader)).map((i) => i.id)).toEqual([opened.json().id]);
    expect((await as(t.app, other).post(`${LISTS}/invitations/open`, { token })).statusCode).toBe(
      404,
    );
    const accepted = await as(t.app, reader).post(
      `${LISTS}/invitations/${opened.json().id}/accept`,
    );
    expect(accepted.statusCode).toBe(200);
    expect(await listIdsOf(t, reader)).toContain(list.id);
    expect((await as(t.app, reader).post(`${LISTS}/invitations/open`, { token })).statusCode).toBe(
      404,
    );
    const bad = await as(t.app, reader).post(`${LISTS}/invitations/open`, { token: 'made-up' });
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toEqual({
      detail: invitationMessages.invitationInvalid,
      code: 'invitation_invalid',
    });
  });

  it('sharing needs a verified address: 403 with a clear detail, and no mail', async () => {
    const unverified = await person(t.app, 'Not Yet Verified');
    const list = await createList(t, unverified, 'Someday');
    const email = uniqueEmail('would.be.friend');
    const refused = await invite(t, unverified, list.id, email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      detail: invitationMessages.verifyToShare,
      code: 'share_needs_verified_email',
    });
    expect(await invitationMails(t, email)).toHaveLength(0);
  });
});

describe('expiry and rate limit', () => {
  let clocked: TestApp;
  let now = new Date();
  beforeAll(async () => {
    clocked = await createTestApp({ SHARE_RATE_LIMIT_MAX: '3' }, { now: () => now });
  });
  afterAll(async () => {
    await clocked.close();
  });

  it('an invitation expires after 14 days; the owner may then invite again', async () => {
    const sender = await verifiedPerson(clocked, 'Sender');
    const friend = await verifiedPerson(clocked, 'Late Reader');
    const list = await createList(clocked, sender, 'Later');
    await invite(clocked, sender, list.id, friend.email);
    const [waiting] = await waitingFor(clocked, friend);
    const token = tokenFromLink((await invitationMails(clocked, friend.email)).at(-1)?.link);

    now = new Date(now.getTime() + 15 * 24 * 60 * 60 * 1000);
    expect(await waitingFor(clocked, friend)).toEqual([]);
    const late = await as(clocked.app, friend).post(`${LISTS}/invitations/${waiting?.id}/accept`);
    expect(late.statusCode).toBe(404);
    expect(
      (await as(clocked.app, friend).post(`${LISTS}/invitations/open`, { token })).statusCode,
    ).toBe(404);
    expect(
      (await as(clocked.app, sender).get(`${LISTS}/${list.id}/shares`)).json().invitations,
    ).toEqual([]);

    expect((await invite(clocked, sender, list.id, friend.email)).statusCode).toBe(201);
    expect(await invitationMails(clocked, friend.email)).toHaveLength(2);
    await shareAndAccept(clocked.app, sender, list.id, friend);
    expect(await listIdsOf(clocked, friend)).toContain(list.id);
  });

  it('each person may send a limited number of invitations', async () => {
    const busy = await verifiedPerson(clocked, 'Busy Sharer');
    const calm = await verifiedPerson(clocked, 'Calm Sharer');
    const list = await createList(clocked, busy, 'Everyone');
    for (let sent = 0; sent < 3; sent += 1) {
      expect((await invite(clocked, busy, list.id, uniqueEmail('many'))).statusCode).toBe(201);
    }
    const refused = await invite(clocked, busy, list.id, uniqueEmail('many'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/^Too many requests/);
    const calmList = await createList(clocked, calm, 'Just one');
    expect((await invite(clocked, calm, calmList.id, uniqueEmail('one'))).statusCode).toBe(201);
  });
});

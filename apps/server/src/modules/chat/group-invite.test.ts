import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Conversation } from '@vowa/shared/assistant/assistant-schemas';
import type { GroupMembersResponse } from '@vowa/shared/groups/group-schemas';
import type { InviteCode } from '@vowa/shared/groups/group-invite-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, person, verifiedPerson, type Person } from '../../../test/api-helpers';
import { createTestApp, tokenFromLink, uniqueEmail, type TestApp } from '../../../test/test-app';
import { startTwilioFake, TWILIO_FAKE_FROM, type TwilioFake } from '../../../test/twilio-fake';
import { groupInvitations, groupInviteCodes } from './group-schema';
import { INVITES_PER_ADDRESS_PER_DAY } from './group-invite-service';

const INVITE = '/api/user_management/users/invite';
const JOIN = '/api/llm/groups/join';
const codesOf = (groupId: string) => `/api/llm/groups/${groupId}/invite_codes`;
const INVALID = { code: 'invite_invalid', detail: 'That invite code is not valid or has expired.' };

let t: TestApp;
let owner: Person;

beforeAll(async () => {
  t = await createTestApp({
    GROUP_JOIN_RATE_LIMIT_MAX: '1000',
    GROUP_INVITE_RATE_LIMIT_MAX: '1000',
  });
  owner = await verifiedPerson(t, 'Nellie Bly');
});
afterAll(async () => t.close());

let addressCounter = 0;
/** A client address no other test uses, so the per-address join throttle counts only this test. */
const freshAddress = () =>
  `10.${process.pid % 250}.${Math.floor(addressCounter / 250)}.${++addressCounter % 250}`;

async function createGroup(app: TestApp, who: Person, name = 'Lisbon crew') {
  const created = await as(app.app, who).post('/api/llm/groups', { name });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as Conversation;
}

async function join(
  app: TestApp,
  who: Person | null,
  body: { code?: string; token?: string },
  remoteAddress = freshAddress(),
) {
  return app.app.inject({
    method: 'POST',
    url: JOIN,
    payload: body,
    remoteAddress,
    headers: who ? { authorization: `Bearer ${who.accessToken}` } : undefined,
  });
}

async function newCode(app: TestApp, who: Person, groupId: string) {
  const response = await as(app.app, who).post(codesOf(groupId));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as InviteCode;
}

async function memberIds(app: TestApp, who: Person, groupId: string) {
  const response = await as(app.app, who).get(`/api/llm/groups/${groupId}/members`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as GroupMembersResponse).members.map((member) => member.id);
}

const invitationMails = async (app: TestApp, to: string) =>
  (await app.outbox()).filter((mail) => mail.to === to && /group chat on Vowa/.test(mail.subject));

/** The text messages in the outbox, as the person running the server reads them. */
async function outboxTexts(app: TestApp) {
  await app.app.mail.drain();
  const dir = path.join(app.dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((file) =>
    file.endsWith('.sms.txt'),
  );
  return Promise.all(files.sort().map((file) => readFile(path.join(dir, file), 'utf8')));
}

const linkIn = (text: string) => text.match(/https?:\/\/\S+token=[\w-]+/)?.[0];

describe('POST /api/user_management/users/invite', () => {
  it('needs a verified address: 403 with a clear detail, and nothing is sent', async () => {
    const unverified = await person(t.app, 'Not Yet Verified');
    const group = await createGroup(t, unverified);
    const email = uniqueEmail('friend');
    const refused = await as(t.app, unverified).post(INVITE, {
      type: 'email',
      value: email,
      chat_id: group.id,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'invite_needs_verified_email',
      detail: expect.stringMatching(/^Verify your email address/),
    });
    expect(await invitationMails(t, email)).toEqual([]);
  });

  it('answers 404 conversation_not_found to anyone outside the group, as for no group at all', async () => {
    const group = await createGroup(t, owner);
    const outsider = await verifiedPerson(t, 'Outsider');
    const body = { type: 'email', value: uniqueEmail(), chat_id: group.id };
    const outside = await as(t.app, outsider).post(INVITE, body);
    const nowhere = await as(t.app, outsider).post(INVITE, {
      ...body,
      chat_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toMatchObject({ code: 'conversation_not_found' });
    expect(nowhere.json()).toEqual(outside.json());
    // Nor may an outsider make or revoke codes of the group.
    expect((await as(t.app, outsider).post(codesOf(group.id))).json()).toEqual(outside.json());
    const code = await newCode(t, owner, group.id);
    expect((await as(t.app, outsider).delete(`${codesOf(group.id)}/${code.id}`)).json()).toEqual(
      outside.json(),
    );
    // Signed out: not even that.
    expect((await as(t.app, null).post(INVITE, body)).statusCode).toBe(401);
  });

  it('re-checks the address with the dialog rules: 422 with their texts', async () => {
    const group = await createGroup(t, owner);
    const cases = [
      [{ type: 'email', value: 'not-an-email' }, 'inviteEmailInvalid', 'Invalid email address'],
      [{ type: 'phone', value: '+1555' }, 'invitePhoneTooShort', 'Phone number too short'],
      [{ type: 'phone', value: '5551234567' }, 'invitePhoneTooShort', 'Phone number too short'],
      [
        { type: 'phone', value: '+1234567890123456' },
        'invitePhoneTooLong',
        'Phone number too long',
      ],
    ] as const;
    for (const [body, code, text] of cases) {
      const response = await as(t.app, owner).post(INVITE, { ...body, chat_id: group.id });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'validation_failed',
        errors: [{ field: 'value', code, message: text }],
      });
    }
    const badType = await as(t.app, owner).post(INVITE, {
      type: 'fax',
      value: 'a@b.co',
      chat_id: group.id,
    });
    expect(badType.statusCode).toBe(422);
    const badChat = await as(t.app, owner).post(INVITE, {
      type: 'email',
      value: 'a@b.co',
      chat_id: 'x',
    });
    expect(badChat.statusCode).toBe(422);
  });

  it('answers the same for a member and an unknown address, and mails both the same', async () => {
    const group = await createGroup(t, owner, 'Porto weekend');
    const member = await person(t.app, 'Freya Stark');
    const stranger = uniqueEmail('not.a.member');
    const known = await as(t.app, owner).post(INVITE, {
      type: 'email',
      value: member.email,
      chat_id: group.id,
    });
    const unknown = await as(t.app, owner).post(INVITE, {
      type: 'email',
      value: stranger.toUpperCase(),
      chat_id: group.id,
    });
    expect(known.statusCode).toBe(201);
    expect(unknown.statusCode).toBe(201);
    const mask = (body: Record<string, unknown>) => ({ ...body, id: '-', expiresAt: '-' });
    expect(mask(unknown.json())).toEqual(mask(known.json()));
    expect(Object.keys(known.json()).sort()).toEqual(['expiresAt', 'id', 'type']);
    expect(known.json()).toMatchObject({ type: 'email' });

    const [toMember] = await invitationMails(t, member.email);
    const [toStranger] = await invitationMails(t, stranger);
    expect(toMember?.subject).toBe('Nellie invited you to a group chat on Vowa');
    expect(toStranger?.subject).toBe(toMember?.subject);
    expect(toMember?.raw).toContain('Porto weekend');
    expect(toMember?.link).toMatch(/^http:\/\/localhost:8000\/chat\/join\?token=[\w-]{43}$/);
    // Only hashes are kept: neither the address nor the token is in the table.
    const rows = await t.app.db
      .select()
      .from(groupInvitations)
      .where(eq(groupInvitations.conversationId, group.id));
    expect(rows).toHaveLength(2);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(member.email);
    expect(stored).not.toContain(stranger);
    expect(stored).not.toContain(tokenFromLink(toMember?.link));
  });

  it('writes the mail in the inviter’s language', async () => {
    const german = await verifiedPerson(t, 'Ida Pfeiffer');
    const saved = await as(t.app, german).put('/api/user_management/settings', {
      account: { language: 'de' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const group = await createGroup(t, german, 'Wien');
    const email = uniqueEmail('freund');
    await as(t.app, german).post(INVITE, { type: 'email', value: email, chat_id: group.id });
    const mail = (await t.outbox()).find((each) => each.to === email);
    expect(mail?.subject).toBe('Ida hat dich zu einem Gruppenchat auf Vowa eingeladen');
  });

  it('the mailed link joins whoever signs in with it, once; following it again is harmless', async () => {
    const group = await createGroup(t, owner);
    const email = uniqueEmail('new.friend');
    await as(t.app, owner).post(INVITE, { type: 'email', value: email, chat_id: group.id });
    const [mail] = await invitationMails(t, email);
    const token = tokenFromLink(mail?.link);

    // Someone without an account signs up (any address) and follows the link.
    const friend = await person(t.app, 'Gertrude Bell');
    expect((await join(t, null, { token })).statusCode).toBe(401);
    const joined = await join(t, friend, { token });
    expect(joined.statusCode, joined.body).toBe(200);
    expect((joined.json() as { conversation: Conversation }).conversation).toMatchObject({
      id: group.id,
      type: 'group',
      role: 'member',
      memberCount: 2,
    });
    expect(await memberIds(t, owner, group.id)).toEqual([owner.id, friend.id]);
    const [row] = await t.app.db
      .select()
      .from(groupInvitations)
      .where(eq(groupInvitations.conversationId, group.id));
    expect(row).toMatchObject({ acceptedBy: friend.id, acceptedAt: expect.any(Date) });

    // Again: the same group, no second membership, nothing posted twice.
    const again = await join(t, friend, { token });
    expect(again.statusCode).toBe(200);
    expect(await memberIds(t, owner, group.id)).toEqual([owner.id, friend.id]);
    // The link was for one person: anyone else is told it is not valid.
    const other = await person(t.app, 'Forwarded To');
    const forwarded = await join(t, other, { token });
    expect(forwarded.statusCode).toBe(404);
    expect(forwarded.json()).toEqual(INVALID);
    // Once they left, the old link does not bring them back.
    expect(
      (await as(t.app, friend).delete(`/api/llm/groups/${group.id}/members/me`)).statusCode,
    ).toBe(204);
    expect((await join(t, friend, { token })).json()).toEqual(INVALID);
  });

  it('sends at most a few messages to one address a day, answering every request alike', async () => {
    const group = await createGroup(t, owner);
    const email = uniqueEmail('popular');
    const answers = [];
    for (let i = 0; i <= INVITES_PER_ADDRESS_PER_DAY; i += 1) {
      const response = await as(t.app, owner).post(INVITE, {
        type: 'email',
        value: email,
        chat_id: group.id,
      });
      expect(response.statusCode).toBe(201);
      answers.push(Object.keys(response.json()).sort());
    }
    expect(new Set(answers.map((keys) => keys.join()))).toEqual(new Set(['expiresAt,id,type']));
    expect(await invitationMails(t, email)).toHaveLength(INVITES_PER_ADDRESS_PER_DAY);
  });

  it('texts go to the outbox without Twilio, and the log never shows the link', async () => {
    const group = await createGroup(t, owner, 'Tokyo 2026');
    const sent = await as(t.app, owner).post(INVITE, {
      type: 'phone',
      value: '+447911123456',
      chat_id: group.id,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ type: 'phone' });
    const text = (await outboxTexts(t)).find((each) => each.startsWith('To: +447911123456'));
    expect(text).toContain('Nellie invited you to the group “Tokyo 2026” on Vowa. Join: ');
    const link = linkIn(text ?? '');
    expect(link).toMatch(/^http:\/\/localhost:8000\/chat\/join\?token=[\w-]{43}$/);
    const token = tokenFromLink(link);
    expect(t.logs.join('\n')).not.toContain(token);
    expect(t.logs.join('\n')).toContain('text message saved to the outbox');
    // The texted link joins like the mailed one.
    const friend = await person(t.app, 'Phone Friend');
    expect((await join(t, friend, { token })).statusCode).toBe(200);
    expect(await memberIds(t, owner, group.id)).toContain(friend.id);
  });

  it('is limited per person (GROUP_INVITE_RATE_LIMIT_MAX an hour)', async () => {
    const limited = await createTestApp({ GROUP_INVITE_RATE_LIMIT_MAX: '2' });
    try {
      const sender = await verifiedPerson(limited, 'Busy Inviter');
      const group = await createGroup(limited, sender);
      const send = () =>
        as(limited.app, sender).post(INVITE, {
          type: 'email',
          value: uniqueEmail(),
          chat_id: group.id,
        });
      expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(201);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ code: 'rate_limited' });
      // Someone else is not affected.
      const calm = await verifiedPerson(limited, 'Calm Inviter');
      const theirs = await createGroup(limited, calm);
      const other = await as(limited.app, calm).post(INVITE, {
        type: 'email',
        value: uniqueEmail(),
        chat_id: theirs.id,
      });
      expect(other.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('text messages through Twilio', () => {
  let twilio: TwilioFake;
  let app: TestApp;
  let inviter: Person;
  let group: Conversation;

  beforeAll(async () => {
    twilio = await startTwilioFake();
    app = await createTestApp({ ...twilio.env, GROUP_JOIN_RATE_LIMIT_MAX: '1000' });
    inviter = await verifiedPerson(app, 'Isabella Bird');
    group = await createGroup(app, inviter, 'Patagonia');
  });
  afterAll(async () => {
    await app.close();
    await twilio.close();
  });

  const invite = (value: string) =>
    as(app.app, inviter).post(INVITE, { type: 'phone', value, chat_id: group.id });

  it('sends through the official client: form-encoded, Basic auth, the link in the body', async () => {
    const sent = await invite('+14155550123');
    expect(sent.statusCode, sent.body).toBe(201);
    const request = twilio.requests.at(-1);
    expect(request).toMatchObject({
      method: 'POST',
      path: `/2010-04-01/Accounts/${twilio.env.TWILIO_ACCOUNT_SID}/Messages.json`,
      authorized: true,
      status: 201,
      params: { To: '+14155550123', From: TWILIO_FAKE_FROM },
    });
    expect(request?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    const message = twilio.messages.at(-1);
    expect(message?.body).toMatch(
      /^Isabella invited you to the group “Patagonia” on Vowa\. Join: /,
    );
    // Nothing in the outbox: Twilio sent it.
    expect(await outboxTexts(app)).toEqual([]);
    const token = tokenFromLink(linkIn(message?.body ?? ''));
    expect(app.logs.join('\n')).not.toContain(token);
    const friend = await person(app.app, 'Texted Friend');
    const joined = await join(app, friend, { token });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(await memberIds(app, inviter, group.id)).toContain(friend.id);
  });

  it('a number that cannot take texts is a 422 the dialog shows; its link never works', async () => {
    const before = twilio.messages.length;
    const refused = await invite('+15005550009');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'invite_phone_unreachable' });
    expect(twilio.requests.at(-1)).toMatchObject({ status: 400 });
    expect(twilio.messages.length).toBe(before);
    const rows = await app.app.db
      .select()
      .from(groupInvitations)
      .where(eq(groupInvitations.conversationId, group.id));
    expect(rows.filter((row) => row.revokedAt !== null)).toHaveLength(1);
  });

  it('credentials refused, throttled or down: 503 sms_unavailable', async () => {
    for (const status of [401, 429, 500] as const) {
      twilio.failNext(status);
      const response = await invite('+14155550124');
      expect(response.statusCode, `Twilio ${status}`).toBe(503);
      expect(response.json()).toMatchObject({
        code: 'sms_unavailable',
        detail: 'Text messages cannot be sent right now. Please try again later.',
      });
      expect(twilio.requests.at(-1)?.status).toBe(status);
    }
  });
});

describe('invite codes', () => {
  it('a new 6-character code each time, stored only as a keyed hash', async () => {
    const group = await createGroup(t, owner);
    const first = await newCode(t, owner, group.id);
    const second = await newCode(t, owner, group.id);
    expect(first.code).toMatch(/^[A-Z0-9]{6}$/);
    expect(second.code).toMatch(/^[A-Z0-9]{6}$/);
    expect(second.code).not.toBe(first.code);
    const days = (Date.parse(first.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const rows = await t.app.db
      .select()
      .from(groupInviteCodes)
      .where(eq(groupInviteCodes.conversationId, group.id));
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain(first.code);
  });

  it('any member may make one; the code joins its own group, and joining again is harmless', async () => {
    const group = await createGroup(t, owner, 'Code group');
    const other = await createGroup(t, owner, 'Another group');
    const friend = await person(t.app, 'Code Friend');
    const { code } = await newCode(t, owner, group.id);
    const joined = await join(t, friend, { code: ` ${code.toLowerCase()} ` });
    expect(joined.statusCode, joined.body).toBe(200);
    expect((joined.json() as { conversation: Conversation }).conversation.id).toBe(group.id);
    expect(await memberIds(t, owner, group.id)).toEqual([owner.id, friend.id]);
    expect(await memberIds(t, owner, other.id)).toEqual([owner.id]);
    // Joining twice changes nothing.
    expect((await join(t, friend, { code })).statusCode).toBe(200);
    expect(await memberIds(t, owner, group.id)).toEqual([owner.id, friend.id]);
    // The new member may invite too.
    const theirs = await newCode(t, friend, group.id);
    expect(theirs.code).toMatch(/^[A-Z0-9]{6}$/);
    // A code of one group cannot be revoked through another.
    const elsewhere = await as(t.app, owner).delete(`${codesOf(other.id)}/${theirs.id}`);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual(INVALID);
  });

  it('a wrong, revoked or expired code gets one answer that does not say which', async () => {
    let now = new Date();
    const clocked = await createTestApp({ GROUP_JOIN_RATE_LIMIT_MAX: '1000' }, { now: () => now });
    try {
      const inviter = await verifiedPerson(clocked, 'Clocked Owner');
      const friend = await person(clocked.app, 'Late Friend');
      const group = await createGroup(clocked, inviter);
      const revoked = await newCode(clocked, inviter, group.id);
      const revoke = await as(clocked.app, inviter).delete(`${codesOf(group.id)}/${revoked.id}`);
      expect(revoke.statusCode).toBe(204);
      // Revoking again is harmless; an unknown code id is not found.
      expect(
        (await as(clocked.app, inviter).delete(`${codesOf(group.id)}/${revoked.id}`)).statusCode,
      ).toBe(204);
      expect(
        (await as(clocked.app, inviter).delete(`${codesOf(group.id)}/not-a-code`)).json(),
      ).toEqual(INVALID);

      const expiring = await newCode(clocked, inviter, group.id);
      await as(clocked.app, inviter).post(INVITE, {
        type: 'email',
        value: uniqueEmail('late'),
        chat_id: group.id,
      });
      const mail = (await clocked.outbox()).find((each) => /group chat/.test(each.subject));
      const token = tokenFromLink(mail?.link);
      now = new Date(now.getTime() + 8 * 86_400_000);
      const expiredCode = await join(clocked, friend, { code: expiring.code });
      const revokedCode = await join(clocked, friend, { code: revoked.code });
      const wrong = await join(clocked, friend, { code: 'ZZZZZZ' });
      const malformed = await join(clocked, friend, { code: 'not a code' });
      for (const response of [expiredCode, revokedCode, wrong, malformed]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(INVALID);
      }
      // The mailed link lasts 14 days: after 15 it is refused alike.
      now = new Date(now.getTime() + 7 * 86_400_000);
      const expiredLink = await join(clocked, friend, { token });
      expect(expiredLink.json()).toEqual(INVALID);
      expect((await join(clocked, friend, { token: 'made-up-token' })).json()).toEqual(INVALID);
      expect(await memberIds(clocked, inviter, group.id)).toEqual([inviter.id]);
      // Neither both nor none.
      expect((await join(clocked, friend, {})).statusCode).toBe(422);
      expect((await join(clocked, friend, { code: 'ABCDEF', token: 'x' })).statusCode).toBe(422);
    } finally {
      await clocked.close();
    }
  });

  it('redeeming is throttled per person and per client address, so codes cannot be guessed', async () => {
    const limited = await createTestApp({ GROUP_JOIN_RATE_LIMIT_MAX: '3' });
    try {
      const inviter = await verifiedPerson(limited, 'Throttle Owner');
      const group = await createGroup(limited, inviter);
      const { code } = await newCode(limited, inviter, group.id);

      // One person guessing: the fourth attempt in 15 minutes is refused, even a right one.
      const guesser = await person(limited.app, 'Guesser');
      for (const guess of ['AAAAAA', 'BBBBBB', 'CCCCCC']) {
        expect((await join(limited, guesser, { code: guess })).statusCode).toBe(404);
      }
      const blocked = await join(limited, guesser, { code });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ code: 'rate_limited' });
      expect(await memberIds(limited, inviter, group.id)).toEqual([inviter.id]);

      // Many accounts from one address: three times the person's limit, then refused.
      const address = freshAddress();
      let refused = 0;
      for (let i = 0; i < 4; i += 1) {
        const account = await person(limited.app, `Sock Puppet ${i}`);
        for (let attempt = 0; attempt < 3; attempt += 1) {
          const response = await join(limited, account, { code: 'ZZZZZ9' }, address);
          if (response.statusCode === 429) refused += 1;
        }
      }
      expect(refused).toBe(3);

      // Someone else, elsewhere, still joins with the right code.
      const friend = await person(limited.app, 'Honest Friend');
      expect((await join(limited, friend, { code })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

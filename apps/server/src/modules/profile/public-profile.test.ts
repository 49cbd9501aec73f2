import type { BucketList } from '@vowa/shared/bucket-lists/bucket-list-schemas';
import {
  PUBLIC_PROFILE_NOT_AVAILABLE,
  type PublicProfile,
} from '@vowa/shared/profile/public-profile-schemas';
import type { UserSettingsUpdate } from '@vowa/shared/settings/settings-schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  LISTS,
  person,
  sampleItem,
  shareAndAccept,
  verifiedPerson,
  type Person,
} from '../../../test/api-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { canViewProfile, relationshipOf } from './profile-policy';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const profileUrl = (uid: string) => `/api/users/${uid}/profile`;
const SETTINGS = '/api/user_management/settings';

async function setPrivacy(who: Person, privacy: UserSettingsUpdate['privacy']) {
  const response = await as(t.app, who).put(SETTINGS, { privacy });
  expect(response.statusCode, response.body).toBe(200);
}

async function createList(owner: Person, body: object) {
  const response = await as(t.app, owner).post(LISTS, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as BucketList;
}

async function view(viewer: Person, owner: Person) {
  const response = await as(t.app, viewer).get(profileUrl(owner.id));
  return {
    status: response.statusCode,
    body: response.json() as PublicProfile & { detail?: string },
  };
}

async function visible(viewer: Person, owner: Person) {
  const { status, body } = await view(viewer, owner);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

/** Sets when every sign-in of a person was last used. */
async function lastUsed(who: Person, at: Date) {
  await t.app.db.execute(
    sql`update sessions set last_used_at = ${at.toISOString()} where user_id = ${who.id}`,
  );
}

/** Three people: an owner, a friend (who accepted a list the owner shared) and a stranger. */
async function cast(label: string) {
  const owner = await verifiedPerson(t, `${label} Owner`);
  const friend = await verifiedPerson(t, `${label} Friend`);
  const stranger = await person(t.app, `${label} Stranger`);
  const sharedList = await createList(owner, { name: `${label} with friends` });
  await shareAndAccept(t.app, owner, sharedList.id, friend);
  return { owner, friend, stranger, sharedList };
}

describe('who may call', () => {
  it('a guest gets 401', async () => {
    const owner = await person(t.app, 'Guest Target');
    await setPrivacy(owner, { profileVisibility: 'public' });
    expect((await as(t.app, null).get(profileUrl(owner.id))).statusCode).toBe(401);
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['something that is not an id', 'not-a-user'],
  ])('%s answers 404 with the not-available detail', async (_label, uid) => {
    const viewer = await person(t.app, 'Curious');
    const response = await as(t.app, viewer).get(profileUrl(uid));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      detail: PUBLIC_PROFILE_NOT_AVAILABLE,
      code: 'profile_not_available',
    });
  });
});

describe('profile visibility', () => {
  it('friends (the default): the owner and friends see it, a stranger gets the unknown-id 404', async () => {
    const { owner, friend, stranger } = await cast('Friends');
    expect((await visible(owner, owner)).relationship).toBe('self');
    expect((await visible(friend, owner)).relationship).toBe('friend');
    const refused = await view(stranger, owner);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({
      detail: PUBLIC_PROFILE_NOT_AVAILABLE,
      code: 'profile_not_available',
    });
  });

  it('friendship goes both ways: the person a list was shared with may see the sharer, and back', async () => {
    const { owner, friend } = await cast('Both ways');
    // The friend keeps the default (friends): the owner shared a list with them, so may look.
    expect((await visible(owner, friend)).relationship).toBe('friend');
  });

  it('public: any signed-in user sees it', async () => {
    const { owner, friend, stranger } = await cast('Public');
    await setPrivacy(owner, { profileVisibility: 'public' });
    expect((await visible(stranger, owner)).relationship).toBe('other');
    expect((await visible(friend, owner)).relationship).toBe('friend');
  });

  it('private: only the owner, even friends get 404', async () => {
    const { owner, friend, stranger } = await cast('Private');
    await setPrivacy(owner, { profileVisibility: 'private' });
    expect((await view(friend, owner)).status).toBe(404);
    expect((await view(stranger, owner)).status).toBe(404);
    expect((await visible(owner, owner)).uid).toBe(owner.id);
  });

  it('no longer sharing a list ends the friendship', async () => {
    const { owner, friend, sharedList } = await cast('Unshared');
    expect((await view(friend, owner)).status).toBe(200);
    await as(t.app, owner).delete(`${LISTS}/${sharedList.id}/shares/${friend.id}`);
    expect((await view(friend, owner)).status).toBe(404);
  });
});

describe('friends through a group chat', () => {
  /** A group made by `owner` through the API, joined by `others` as an invitation does. */
  async function groupOf(owner: Person, ...others: Person[]) {
    const created = await as(t.app, owner).post('/api/llm/groups', { name: 'Road trip' });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: string };
    for (const other of others) await t.app.groups.joinGroup(id, other.id);
    return id;
  }

  it('being in a group together makes two people friends, both ways', async () => {
    const owner = await person(t.app, 'Group Owner');
    const member = await person(t.app, 'Group Member');
    const stranger = await person(t.app, 'Group Stranger');
    expect((await view(member, owner)).status).toBe(404);
    await groupOf(owner, member);
    expect((await visible(member, owner)).relationship).toBe('friend');
    expect((await visible(owner, member)).relationship).toBe('friend');
    // Someone in none of their groups is still a stranger.
    expect((await view(stranger, owner)).status).toBe(404);
  });

  it('leaving the group ends the friendship', async () => {
    const owner = await person(t.app, 'Leaving Owner');
    const member = await person(t.app, 'Leaving Member');
    const groupId = await groupOf(owner, member);
    expect((await view(member, owner)).status).toBe(200);
    const left = await as(t.app, member).delete(`/api/llm/groups/${groupId}/members/me`);
    expect(left.statusCode, left.body).toBe(204);
    expect((await view(member, owner)).status).toBe(404);
  });

  it('only a group connects: being listed in the same assistant or trip chat does not', async () => {
    const owner = await person(t.app, 'Trip Owner');
    const other = await person(t.app, 'Trip Other');
    const result = (await t.app.db.execute(sql`
      insert into conversations (kind, created_by, name, destination)
      values ('trip', ${owner.id}, 'Trip to Rome', 'Rome') returning id`)) as unknown as {
      rows: { id: string }[];
    };
    const tripId = result.rows[0]!.id;
    await t.app.db.execute(sql`
      insert into conversation_members (conversation_id, user_id)
      values (${tripId}, ${owner.id}), (${tripId}, ${other.id})`);
    expect((await view(other, owner)).status).toBe(404);
  });

  it('private stays private for group friends too', async () => {
    const owner = await person(t.app, 'Private Group Owner');
    const member = await person(t.app, 'Private Group Member');
    await groupOf(owner, member);
    await setPrivacy(owner, { profileVisibility: 'private' });
    expect((await view(member, owner)).status).toBe(404);
  });
});

describe('what a visible profile holds', () => {
  it('always the name, photo, location, bio, website, member since and social accounts; never email or phone', async () => {
    const owner = await person(t.app, 'Isabella Bird');
    const viewer = await person(t.app, 'Reader');
    await setPrivacy(owner, { profileVisibility: 'public' });
    const edited = await as(t.app, owner).post('/api/user_management/edit_profile', {
      display_name: 'Izzy',
      bio: 'Rode across the Rockies.',
      location: 'Edinburgh, Scotland, United Kingdom',
      website: 'bird.example.com',
      phone: '+44 131 496 0000',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await as(t.app, owner).post(`/api/users/${owner.id}/social_profiles`, {
      platform: 'instagram',
      username: 'izzy.rides',
      followers: 1200,
    });

    const response = await as(t.app, viewer).get(profileUrl(owner.id));
    expect(response.statusCode).toBe(200);
    const body = response.json() as PublicProfile;
    expect(body).toMatchObject({
      uid: owner.id,
      name: 'Isabella Bird',
      display_name: 'Izzy',
      avatar: null,
      location: 'Edinburgh, Scotland, United Kingdom',
      bio: 'Rode across the Rockies.',
      website: 'https://bird.example.com',
      member_since: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      social_profiles: [
        expect.objectContaining({
          platform: 'instagram',
          username: 'izzy.rides',
          url: 'https://www.instagram.com/izzy.rides/',
        }),
      ],
      relationship: 'other',
      accepts_friend_requests: true,
    });
    expect(body).not.toHaveProperty('email');
    expect(body).not.toHaveProperty('phone');
    expect(response.body).not.toContain(owner.email);
    expect(response.body).not.toContain('496 0000');
  });

  it('allowFriendRequests decides accepts_friend_requests', async () => {
    const { owner, friend } = await cast('Requests');
    expect((await visible(friend, owner)).accepts_friend_requests).toBe(true);
    await setPrivacy(owner, { allowFriendRequests: false });
    expect((await visible(friend, owner)).accepts_friend_requests).toBe(false);
  });
});

describe('shareBucketList', () => {
  it('off (the default): no lists at all', async () => {
    const { owner, friend } = await cast('Lists off');
    await createList(owner, { name: 'Open to all', isPublic: true });
    expect((await visible(friend, owner)).bucket_lists).toBeNull();
  });

  it('on: the lists the viewer may open — public ones and ones shared with them — with counts', async () => {
    const { owner, friend, stranger, sharedList } = await cast('Lists on');
    await setPrivacy(owner, { profileVisibility: 'public', shareBucketList: true });
    const open = await createList(owner, {
      name: 'Open to all',
      isPublic: true,
      color: 'teal',
      description: 'Anyone may look',
    });
    await createList(owner, { name: 'Just mine' });
    const item = await as(t.app, owner).post(`${LISTS}/${open.id}/items`, sampleItem);
    await as(t.app, owner).post(`${LISTS}/${open.id}/items`, { ...sampleItem, title: 'Second' });
    const itemId = (item.json() as { id: string }).id;
    await as(t.app, owner).put(`${LISTS}/${open.id}/items/${itemId}/completion`, {
      isCompleted: true,
    });

    const friendView = await visible(friend, owner);
    expect(friendView.bucket_lists).toEqual(
      expect.arrayContaining([
        {
          id: open.id,
          name: 'Open to all',
          description: 'Anyone may look',
          color: 'teal',
          is_public: true,
          shared_with_you: false,
          item_count: 2,
          completed_count: 1,
        },
        expect.objectContaining({ id: sharedList.id, is_public: false, shared_with_you: true }),
      ]),
    );
    expect(friendView.bucket_lists?.map((list) => list.name)).not.toContain('Just mine');
    expect(friendView.bucket_lists).toHaveLength(2);

    // A stranger sees the public one only; the owner previewing sees what anyone sees.
    expect((await visible(stranger, owner)).bucket_lists?.map((list) => list.id)).toEqual([
      open.id,
    ]);
    expect((await visible(owner, owner)).bucket_lists?.map((list) => list.id)).toEqual([open.id]);

    // Every list shown opens for the viewer.
    for (const list of friendView.bucket_lists ?? []) {
      expect((await as(t.app, friend).get(`${LISTS}/${list.id}`)).statusCode).toBe(200);
    }
  });
});

describe('shareTrips', () => {
  it('on (the default): a (still empty) list of trips; off: null', async () => {
    const { owner, friend } = await cast('Trips');
    expect((await visible(friend, owner)).trips).toEqual([]);
    await setPrivacy(owner, { shareTrips: false });
    expect((await visible(friend, owner)).trips).toBeNull();
  });
});

describe('showOnlineStatus', () => {
  it('on (the default): online while a sign-in was used in the last 5 minutes, and the day last seen', async () => {
    const { owner, friend } = await cast('Online');
    const now = await visible(friend, owner);
    expect(now.online).toBe(true);
    expect(now.last_seen).toBe(new Date().toISOString().slice(0, 10));

    const earlier = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000);
    await lastUsed(owner, earlier);
    const later = await visible(friend, owner);
    expect(later.online).toBe(false);
    expect(later.last_seen).toBe(earlier.toISOString().slice(0, 10));
  });

  it('a signed-out sign-in does not count as online', async () => {
    const { owner, friend } = await cast('Signed out');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { refresh_token: owner.refreshToken },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const seen = await visible(friend, owner);
    expect(seen.online).toBe(false);
    expect(seen.last_seen).toBe(new Date().toISOString().slice(0, 10));
  });

  it('using the app keeps a sign-in fresh', async () => {
    const { owner, friend } = await cast('Active');
    await lastUsed(owner, new Date(Date.now() - 30 * 60 * 1000));
    expect((await visible(friend, owner)).online).toBe(false);
    // Any signed-in call by the owner marks their sign-in as used.
    expect((await as(t.app, owner).get('/api/user_management/get_myprofile')).statusCode).toBe(200);
    expect((await visible(friend, owner)).online).toBe(true);
  });

  it('off: neither field is there', async () => {
    const { owner, friend } = await cast('Hidden');
    await setPrivacy(owner, { showOnlineStatus: false });
    const seen = await visible(friend, owner);
    expect(seen).not.toHaveProperty('online');
    expect(seen).not.toHaveProperty('last_seen');
  });
});

describe('profile-policy', () => {
  it.each([
    ['public', 'self', true],
    ['public', 'friend', true],
    ['public', 'other', true],
    ['friends', 'self', true],
    ['friends', 'friend', true],
    ['friends', 'other', false],
    ['private', 'self', true],
    ['private', 'friend', false],
    ['private', 'other', false],
  ] as const)('%s profile, %s viewer: %s', (visibility, relationship, expected) => {
    expect(canViewProfile(visibility, relationship)).toBe(expected);
  });

  it('a connection makes a friend; the owner is always self', () => {
    expect(relationshipOf('a', 'a', [])).toBe('self');
    expect(relationshipOf('a', 'b', ['shared_bucket_list'])).toBe('friend');
    expect(relationshipOf('a', 'b', ['group'])).toBe('friend');
    expect(relationshipOf('a', 'b', [])).toBe('other');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BucketList } from '@vowa/shared/bucket-lists/bucket-list-schemas';
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

type Role = 'owner' | 'shared' | 'other' | 'guest';
type Visibility = 'private' | 'shared' | 'public';
type Fixture = { listId: string; itemId: string; bystanderId: string };

let t: TestApp;
const people = {} as Record<Exclude<Role, 'guest'>, Person> & { bystander: Person };

beforeAll(async () => {
  t = await createTestApp();
  people.owner = await verifiedPerson(t, 'Owner');
  people.shared = await verifiedPerson(t, 'Shared Reader');
  people.other = await person(t.app, 'Someone Else');
  people.bystander = await verifiedPerson(t, 'Bystander');
});
afterAll(async () => {
  await t.close();
});

/** A fresh list per cell, so a destructive call that should fail can be checked for no effect. */
async function fixture(visibility: Visibility): Promise<Fixture> {
  const owner = as(t.app, people.owner);
  const list = (
    await owner.post(LISTS, { name: 'Matrix', isPublic: visibility === 'public' })
  ).json() as BucketList;
  const item = (await owner.post(`${LISTS}/${list.id}/items`, sampleItem)).json() as { id: string };
  // Every list is shared with a bystander, so share removal has someone to remove.
  await shareAndAccept(t.app, people.owner, list.id, people.bystander);
  if (visibility === 'shared') await shareAndAccept(t.app, people.owner, list.id, people.shared);
  return { listId: list.id, itemId: item.id, bystanderId: people.bystander.id };
}

async function snapshot(listId: string) {
  const owner = as(t.app, people.owner);
  const list = (await owner.get(`${LISTS}/${listId}`)).json() as BucketList;
  return JSON.stringify({
    name: list.name,
    isPublic: list.isPublic,
    sharedWith: [...list.sharedWith].sort(),
    items: list.items.map(({ id, title, isCompleted }) => ({ id, title, isCompleted })),
  });
}

type Endpoint = {
  name: string;
  kind: 'read' | 'write';
  success: number;
  call: (client: ReturnType<typeof as>, f: Fixture) => ReturnType<ReturnType<typeof as>['get']>;
};

const endpoints: Endpoint[] = [
  { name: 'GET list', kind: 'read', success: 200, call: (c, f) => c.get(`${LISTS}/${f.listId}`) },
  {
    name: 'PATCH list',
    kind: 'write',
    success: 200,
    call: (c, f) => c.patch(`${LISTS}/${f.listId}`, { name: 'Taken over', isPublic: true }),
  },
  {
    name: 'DELETE list',
    kind: 'write',
    success: 204,
    call: (c, f) => c.delete(`${LISTS}/${f.listId}`),
  },
  {
    name: 'POST item',
    kind: 'write',
    success: 201,
    call: (c, f) => c.post(`${LISTS}/${f.listId}/items`, { ...sampleItem, title: 'Injected' }),
  },
  {
    name: 'PATCH item',
    kind: 'write',
    success: 200,
    call: (c, f) => c.patch(`${LISTS}/${f.listId}/items/${f.itemId}`, { title: 'Changed' }),
  },
  {
    name: 'DELETE item',
    kind: 'write',
    success: 204,
    call: (c, f) => c.delete(`${LISTS}/${f.listId}/items/${f.itemId}`),
  },
  {
    name: 'PUT completion',
    kind: 'write',
    success: 200,
    call: (c, f) =>
      c.put(`${LISTS}/${f.listId}/items/${f.itemId}/completion`, { isCompleted: true }),
  },
  {
    name: 'GET shares',
    kind: 'write',
    success: 200,
    call: (c, f) => c.get(`${LISTS}/${f.listId}/shares`),
  },
  {
    name: 'POST share',
    kind: 'write',
    success: 201,
    call: (c, f) => c.post(`${LISTS}/${f.listId}/shares`, { email: people.other.email }),
  },
  {
    name: "DELETE someone else's share",
    kind: 'write',
    success: 204,
    call: (c, f) => c.delete(`${LISTS}/${f.listId}/shares/${f.bystanderId}`),
  },
];

/** Reads succeed for whoever may see the list; writes are the owner's, 403 for readers. */
function expectedStatus(role: Role, visibility: Visibility, endpoint: Endpoint): number {
  if (role === 'guest') return 401;
  if (role === 'owner') return endpoint.success;
  const canSee = visibility === 'public' || (visibility === 'shared' && role === 'shared');
  if (!canSee) return 404;
  return endpoint.kind === 'read' ? endpoint.success : 403;
}

const roles: Role[] = ['owner', 'shared', 'other', 'guest'];
const visibilities: Visibility[] = ['private', 'shared', 'public'];
const cells = endpoints.flatMap((endpoint) =>
  visibilities.flatMap((visibility) =>
    roles.map((role) => ({
      endpoint,
      visibility,
      role,
      status: expectedStatus(role, visibility, endpoint),
    })),
  ),
);

describe('bucket-list permission matrix', () => {
  it.each(
    cells.map(
      (cell) => [cell.endpoint.name, cell.visibility, cell.role, cell.status, cell] as const,
    ),
  )('%s on a %s list as %s → %i', async (_name, visibility, role, status, cell) => {
    const f = await fixture(visibility);
    const before = await snapshot(f.listId);
    const client = as(t.app, role === 'guest' ? null : people[role]);
    const response = await cell.endpoint.call(client, f);
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) {
      expect(response.json().detail).toEqual(expect.any(String));
      // A refused request changes nothing.
      expect(await snapshot(f.listId)).toBe(before);
    }
  });

  it('list and browse routes need a signed-in user', async () => {
    const guest = as(t.app, null);
    expect((await guest.get(LISTS)).statusCode).toBe(401);
    expect((await guest.get(`${LISTS}/public`)).statusCode).toBe(401);
    expect((await guest.post(LISTS, { name: 'x' })).statusCode).toBe(401);
  });

  it('a reader sees the list but not who else it is shared with', async () => {
    const f = await fixture('shared');
    const seen = (await as(t.app, people.shared).get(`${LISTS}/${f.listId}`)).json() as BucketList;
    expect(seen.sharedWith).toEqual([]);
    const publicList = await fixture('public');
    const stranger = (
      await as(t.app, people.other).get(`${LISTS}/${publicList.listId}`)
    ).json() as BucketList;
    expect(stranger.sharedWith).toEqual([]);
  });
});

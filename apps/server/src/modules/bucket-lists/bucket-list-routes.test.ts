import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BucketItem, BucketList } from '@vowa/shared/bucket-lists/bucket-list-schemas';
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

let t: TestApp;
let ada: Person;
let grace: Person;

beforeAll(async () => {
  t = await createTestApp();
  ada = await verifiedPerson(t, 'Ada Lovelace');
  grace = await verifiedPerson(t, 'Grace Hopper');
});
afterAll(async () => {
  await t.close();
});

async function createList(owner: Person, body: object = { name: 'Dream trips' }) {
  const response = await as(t.app, owner).post(LISTS, body);
  expect(response.statusCode).toBe(201);
  return response.json() as BucketList;
}

async function addItem(owner: Person, listId: string, body: object = sampleItem) {
  const response = await as(t.app, owner).post(`${LISTS}/${listId}/items`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as BucketItem;
}

describe('lists', () => {
  it('a new account has no lists (no sample data)', async () => {
    const newcomer = await person(t.app, 'New Person');
    const response = await as(t.app, newcomer).get(LISTS);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ lists: [] });
  });

  it('creates a list with the defaults and returns every field', async () => {
    const list = await createList(ada, { name: '  Europe by train  ' });
    expect(list).toEqual({
      id: expect.any(String),
      name: 'Europe by train',
      description: '',
      color: 'ocean-blue',
      isPublic: false,
      ownerId: ada.id,
      ownerName: 'Ada Lovelace',
      ownerAvatar: null,
      sharedWith: [],
      items: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const mine = (await as(t.app, ada).get(LISTS)).json() as { lists: BucketList[] };
    expect(mine.lists.map((l) => l.id)).toContain(list.id);
  });

  it.each([
    [{}, 'name', 'List name is required'],
    [{ name: '   ' }, 'name', 'List name is required'],
    [{ name: 'x'.repeat(81) }, 'name', 'This text is too long'],
    [{ name: 'Trips', color: 'neon' }, 'color', 'Choose one of the colour themes'],
    [{ name: 'Trips', isPublic: 'yes' }, 'isPublic', expect.any(String)],
  ])('refuses %j with 422 and stores nothing', async (body, field, message) => {
    const before = ((await as(t.app, grace).get(LISTS)).json() as { lists: unknown[] }).lists
      .length;
    const response = await as(t.app, grace).post(LISTS, body);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toContainEqual(expect.objectContaining({ field, message }));
    const after = ((await as(t.app, grace).get(LISTS)).json() as { lists: unknown[] }).lists.length;
    expect(after).toBe(before);
  });

  it('updates and deletes a list', async () => {
    const list = await createList(ada);
    const updated = await as(t.app, ada).patch(`${LISTS}/${list.id}`, {
      name: 'Asia',
      color: 'teal',
      isPublic: true,
      description: 'Temples and street food',
    });
    expect(updated.json()).toMatchObject({
      name: 'Asia',
      color: 'teal',
      isPublic: true,
      description: 'Temples and street food',
    });
    expect((await as(t.app, ada).delete(`${LISTS}/${list.id}`)).statusCode).toBe(204);
    expect((await as(t.app, ada).get(`${LISTS}/${list.id}`)).statusCode).toBe(404);
  });

  it('answers 404, never 500, for malformed ids', async () => {
    for (const url of [
      `${LISTS}/not-a-uuid`,
      `${LISTS}/00000000-0000-0000-0000-000000000000`,
      `${LISTS}/'%20or%201=1`,
    ]) {
      expect((await as(t.app, ada).get(url)).statusCode, url).toBe(404);
    }
    const list = await createList(ada);
    const badItem = await as(t.app, ada).put(`${LISTS}/${list.id}/items/nope/completion`, {
      isCompleted: true,
    });
    expect(badItem.statusCode).toBe(404);
    expect(badItem.json()).toEqual({
      detail: 'Bucket list item not found.',
      code: 'bucket_list_item_not_found',
    });
  });

  // The lists page is read in one query of plain rows folded in code; each list's own page is
  // read another way (the list, then its items and shares). Both must answer the same lists.
  it('answers every list, its items in order and its shares, as each list reads on its own', async () => {
    const owner = await verifiedPerson(t, 'Mary Somerville');
    const reader = await verifiedPerson(t, 'Sophie Germain');
    const other = await verifiedPerson(t, 'Emmy Noether');
    const empty = await createList(owner, { name: 'Someday' });
    const full = await createList(owner, { name: 'Alps', description: 'Summer', isPublic: true });
    for (const title of ['First', 'Second', 'Third']) {
      await addItem(owner, full.id, { ...sampleItem, title });
    }
    const done = await addItem(owner, full.id, { ...sampleItem, title: 'Fourth' });
    await as(t.app, owner).put(`${LISTS}/${full.id}/items/${done.id}/completion`, {
      isCompleted: true,
    });
    await shareAndAccept(t.app, owner, full.id, reader);
    await shareAndAccept(t.app, owner, full.id, other);
    const theirs = await createList(other, { name: 'Shared with Mary' });
    await addItem(other, theirs.id, { ...sampleItem, title: 'Their place' });
    await shareAndAccept(t.app, other, theirs.id, owner);

    for (const viewer of [owner, reader]) {
      const response = await as(t.app, viewer).get(LISTS);
      expect(response.statusCode).toBe(200);
      const { lists } = response.json() as { lists: BucketList[] };
      const oneByOne = await Promise.all(
        lists.map(async (list) => (await as(t.app, viewer).get(`${LISTS}/${list.id}`)).json()),
      );
      expect(lists).toEqual(oneByOne);
      if (viewer === owner) {
        // Owned lists first (the newest activity first), then lists shared with them.
        expect(lists.map((list) => list.id)).toEqual([full.id, empty.id, theirs.id]);
        expect(lists[0]!.items.map((item) => item.title)).toEqual([
          'First',
          'Second',
          'Third',
          'Fourth',
        ]);
        expect(lists[0]!.items[3]!.completedDate).toEqual(expect.any(String));
        expect(lists[0]!.sharedWith).toEqual([reader.id, other.id]);
        expect(lists[1]!.items).toEqual([]);
        // Who else reads a list is its owner's business only.
        expect(lists[2]!.sharedWith).toEqual([]);
      } else {
        expect(lists.map((list) => list.id)).toEqual([full.id]);
      }
    }
  });
});

describe('items', () => {
  it('adds an item with every field and the defaults', async () => {
    const list = await createList(ada);
    const item = await addItem(ada, list.id, {
      title: 'Walk the Great Wall',
      location: 'Mutianyu',
      country: 'China',
      image: 'https://images.example.com/wall.jpg',
    });
    expect(item).toEqual({
      id: expect.any(String),
      title: 'Walk the Great Wall',
      description: '',
      location: 'Mutianyu',
      country: 'China',
      category: 'adventure',
      priority: 'medium',
      estimatedCost: 0,
      costCurrency: 'USD',
      bestTimeToVisit: '',
      isCompleted: false,
      completedDate: null,
      notes: '',
      image: 'https://images.example.com/wall.jpg',
      imageCredit: null,
      imageStatus: 'ready',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it.each([
    [{ ...sampleItem, title: ' ' }, 'title', 'Title is required'],
    [{ ...sampleItem, location: '' }, 'location', 'Location is required'],
    [{ ...sampleItem, country: undefined }, 'country', 'Country is required'],
    [
      { ...sampleItem, estimatedCost: -1 },
      'estimatedCost',
      'Estimated cost must be a number of at least 0',
    ],
    [
      { ...sampleItem, estimatedCost: '12' },
      'estimatedCost',
      'Estimated cost must be a number of at least 0',
    ],
    [{ ...sampleItem, category: 'space' }, 'category', 'Choose one of the categories'],
    [{ ...sampleItem, priority: 'urgent' }, 'priority', 'Priority must be low, medium or high'],
    [
      { ...sampleItem, image: 'javascript:alert(1)' },
      'image',
      'Image must be a web address starting with http:// or https://',
    ],
    [
      { ...sampleItem, image: 'not a url' },
      'image',
      'Image must be a web address starting with http:// or https://',
    ],
  ])(
    'refuses a bad item (%#) with the field message and stores nothing',
    async (body, field, message) => {
      const list = await createList(ada);
      const response = await as(t.app, ada).post(`${LISTS}/${list.id}/items`, body);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toContainEqual(expect.objectContaining({ field, message }));
      expect(
        ((await as(t.app, ada).get(`${LISTS}/${list.id}`)).json() as BucketList).items,
      ).toEqual([]);
    },
  );

  it('completing sets completedDate to now; un-completing clears it', async () => {
    const list = await createList(ada);
    const item = await addItem(ada, list.id);
    const before = Date.now();
    const done = await as(t.app, ada).put(`${LISTS}/${list.id}/items/${item.id}/completion`, {
      isCompleted: true,
    });
    const completed = done.json() as BucketItem;
    expect(completed.isCompleted).toBe(true);
    expect(Date.parse(completed.completedDate ?? '')).toBeGreaterThanOrEqual(before - 1000);
    const undone = await as(t.app, ada).put(`${LISTS}/${list.id}/items/${item.id}/completion`, {
      isCompleted: false,
    });
    expect(undone.json()).toMatchObject({ isCompleted: false, completedDate: null });
  });

  it('edits an item and keeps what was not sent', async () => {
    const list = await createList(ada);
    const item = await addItem(ada, list.id);
    const response = await as(t.app, ada).patch(`${LISTS}/${list.id}/items/${item.id}`, {
      priority: 'low',
      notes: 'Go in February',
    });
    expect(response.json()).toMatchObject({
      priority: 'low',
      notes: 'Go in February',
      title: sampleItem.title,
      estimatedCost: 2400,
    });
  });

  it('keeps an estimated cost in the currency it was entered in, for its owner and readers', async () => {
    const owner = await verifiedPerson(t, 'Euro Owner');
    const reader = await verifiedPerson(t, 'Dollar Reader');
    const mine = as(t.app, owner);
    await mine.put('/api/user_management/settings', { account: { currency: 'EUR' } });
    const list = await createList(owner);
    const item = await addItem(owner, list.id, { ...sampleItem, estimatedCost: 2400 });
    expect(item).toMatchObject({ estimatedCost: 2400, costCurrency: 'EUR' });

    // The owner switches to dollars, edits something else: the cost is still €2,400.
    await mine.put('/api/user_management/settings', { account: { currency: 'USD' } });
    const edited = await mine.patch(`${LISTS}/${list.id}/items/${item.id}`, { notes: 'Spring' });
    expect(edited.json()).toMatchObject({ estimatedCost: 2400, costCurrency: 'EUR' });

    // A reader who uses dollars gets the amount with its currency (the web converts it).
    await shareAndAccept(t.app, owner, list.id, reader);
    const seen = (await as(t.app, reader).get(`${LISTS}/${list.id}`)).json() as BucketList;
    expect(seen.items[0]).toMatchObject({ estimatedCost: 2400, costCurrency: 'EUR' });

    // A cost typed again is in the writer's currency now, or in the one named.
    const retyped = await mine.patch(`${LISTS}/${list.id}/items/${item.id}`, {
      estimatedCost: 2600,
    });
    expect(retyped.json()).toMatchObject({ estimatedCost: 2600, costCurrency: 'USD' });
    const named = await mine.patch(`${LISTS}/${list.id}/items/${item.id}`, {
      estimatedCost: 300_000,
      costCurrency: 'JPY',
    });
    expect(named.json()).toMatchObject({ estimatedCost: 300_000, costCurrency: 'JPY' });
    const refused = await mine.patch(`${LISTS}/${list.id}/items/${item.id}`, {
      costCurrency: 'XYZ',
    });
    expect(refused.statusCode).toBe(422);
  });

  it("deleting an item updates the list's updatedAt", async () => {
    const list = await createList(ada);
    const item = await addItem(ada, list.id);
    const before = ((await as(t.app, ada).get(`${LISTS}/${list.id}`)).json() as BucketList)
      .updatedAt;
    await new Promise((resolve) => setTimeout(resolve, 15));
    expect((await as(t.app, ada).delete(`${LISTS}/${list.id}/items/${item.id}`)).statusCode).toBe(
      204,
    );
    const after = (await as(t.app, ada).get(`${LISTS}/${list.id}`)).json() as BucketList;
    expect(after.items).toEqual([]);
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before));
  });
});

describe('images', () => {
  it('an item with a location but no image gets the category default, then the place’s artwork', async () => {
    const list = await createList(ada);
    const item = await addItem(ada, list.id, { ...sampleItem, category: 'beach' });
    expect(item.image).toBe('/artwork/bucket/beach.svg');
    expect(item.imageStatus).toBe('fetching');
    await t.app.images.drain();
    const saved = ((await as(t.app, ada).get(`${LISTS}/${list.id}`)).json() as BucketList).items[0];
    expect(saved?.imageStatus).toBe('ready');
    // Tromsø: no landmark of another culture, its mountains under the northern lights.
    expect(saved?.image).toMatch(
      /^\/api\/artwork\/scenes\/none\.mountains\.cold\.aurora\.northern\.[012]\.svg$/,
    );
  });

  it("keeps the person's own image URL, and looks again when the place changes", async () => {
    const list = await createList(ada);
    const own = await addItem(ada, list.id, {
      ...sampleItem,
      image: 'https://img.example.com/a.jpg',
    });
    const edited = await as(t.app, ada).patch(`${LISTS}/${list.id}/items/${own.id}`, {
      location: 'Alta',
      image: 'https://img.example.com/a.jpg',
    });
    expect(edited.json()).toMatchObject({
      image: 'https://img.example.com/a.jpg',
      imageStatus: 'ready',
    });

    const generated = await addItem(ada, list.id, { ...sampleItem, category: 'city' });
    await t.app.images.drain();
    const moved = await as(t.app, ada).patch(`${LISTS}/${list.id}/items/${generated.id}`, {
      category: 'food',
      image: '',
    });
    expect(moved.json()).toMatchObject({
      image: '/artwork/bucket/food.svg',
      imageStatus: 'fetching',
    });
    await t.app.images.drain();
    const list2 = (await as(t.app, ada).get(`${LISTS}/${list.id}`)).json() as BucketList;
    expect(list2.items.find((i) => i.id === generated.id)?.image).toMatch(
      /^\/api\/artwork\/scenes\/.+\.svg$/,
    );
  });
});

describe('sharing and public lists', () => {
  it('shares once accepted, lists the people, and stops sharing', async () => {
    const list = await createList(ada);
    const invited = await as(t.app, ada).post(`${LISTS}/${list.id}/shares`, {
      email: grace.email.toUpperCase(),
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toEqual({
      id: expect.any(String),
      email: grace.email,
      status: 'pending',
    });
    expect((await as(t.app, ada).get(`${LISTS}/${list.id}/shares`)).json()).toEqual({
      shares: [],
      invitations: [{ id: invited.json().id, email: grace.email, expiresAt: expect.any(String) }],
    });
    await shareAndAccept(t.app, ada, list.id, grace);
    const graceLists = (await as(t.app, grace).get(LISTS)).json() as { lists: BucketList[] };
    const seen = graceLists.lists.find((l) => l.id === list.id);
    expect(seen).toMatchObject({ ownerId: ada.id, ownerName: 'Ada Lovelace', sharedWith: [] });
    expect(
      ((await as(t.app, ada).get(`${LISTS}/${list.id}`)).json() as BucketList).sharedWith,
    ).toEqual([grace.id]);
    expect((await as(t.app, ada).get(`${LISTS}/${list.id}/shares`)).json()).toEqual({
      shares: [{ userId: grace.id, email: grace.email, name: 'Grace Hopper' }],
      invitations: [],
    });

    expect((await as(t.app, ada).delete(`${LISTS}/${list.id}/shares/${grace.id}`)).statusCode).toBe(
      204,
    );
    expect((await as(t.app, grace).get(`${LISTS}/${list.id}`)).statusCode).toBe(404);
  });

  it('a reader may leave a list shared with them', async () => {
    const list = await createList(ada);
    await shareAndAccept(t.app, ada, list.id, grace);
    expect(
      (await as(t.app, grace).delete(`${LISTS}/${list.id}/shares/${grace.id}`)).statusCode,
    ).toBe(204);
    expect((await as(t.app, grace).get(`${LISTS}/${list.id}`)).statusCode).toBe(404);
  });

  it('refuses sharing with yourself and an invalid address', async () => {
    const list = await createList(ada);
    const self = await as(t.app, ada).post(`${LISTS}/${list.id}/shares`, { email: ada.email });
    expect(self.statusCode).toBe(422);
    expect(self.json()).toEqual({ detail: 'You already own this list.', code: 'share_with_self' });
    const invalid = await as(t.app, ada).post(`${LISTS}/${list.id}/shares`, { email: 'nope' });
    expect(invalid.statusCode).toBe(422);
  });

  it("lists other people's public lists with counts and finds them by text", async () => {
    const name = `Patagonia ${Date.now()}`;
    const list = await createList(ada, { name, isPublic: true, color: 'forest-green' });
    await addItem(ada, list.id);
    const item = await addItem(ada, list.id);
    await as(t.app, ada).put(`${LISTS}/${list.id}/items/${item.id}/completion`, {
      isCompleted: true,
    });
    const hidden = await createList(ada, { name: `${name} private` });

    const found = (
      await as(t.app, grace).get(`${LISTS}/public?q=${encodeURIComponent(name)}`)
    ).json() as {
      lists: { id: string; itemCount: number; completedCount: number; ownerName: string }[];
    };
    expect(found.lists).toEqual([
      expect.objectContaining({
        id: list.id,
        itemCount: 2,
        completedCount: 1,
        ownerName: 'Ada Lovelace',
      }),
    ]);
    expect(found.lists.map((l) => l.id)).not.toContain(hidden.id);
    const own = (
      await as(t.app, ada).get(`${LISTS}/public?q=${encodeURIComponent(name)}`)
    ).json() as {
      lists: unknown[];
    };
    expect(own.lists).toEqual([]);
    // `%` is searched for literally, not as LIKE's wildcard: this list (no `%` anywhere) is not
    // found. (Other tests sharing a PostgreSQL database may own lists that do hold a `%`.)
    const wildcard = (await as(t.app, grace).get(`${LISTS}/public?q=%25`)).json() as {
      lists: { id: string }[];
    };
    expect(wildcard.lists.map((l) => l.id)).not.toContain(list.id);
  });

  it('deleting the account removes its lists, items and shares', async () => {
    const leaving = await verifiedPerson(t, 'Leaving Soon');
    const list = await createList(leaving, { name: 'Gone', isPublic: true });
    await addItem(leaving, list.id);
    await shareAndAccept(t.app, leaving, list.id, grace);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/delete_account',
      payload: { password: leaving.password },
      headers: { authorization: `Bearer ${leaving.accessToken}` },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await as(t.app, grace).get(`${LISTS}/${list.id}`)).statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, LISTS, person, sampleItem, type Person } from '../../test/api-helpers';
import { createTestApp, uniqueEmail, type TestApp } from '../../test/test-app';

let t: TestApp;
let ada: Person;
let listId: string;

beforeAll(async () => {
  t = await createTestApp();
  ada = await person(t.app, 'Ada Lovelace');
  const list = await as(t.app, ada).post(LISTS, { name: 'Dream trips' });
  listId = (list.json() as { id: string }).id;
});
afterAll(async () => {
  await t.close();
});

const NUL = '\u0000';

/** PostgreSQL text cannot hold U+0000: each of these reached the database and answered 500. */
describe('a NUL character in any text is refused with 422', () => {
  it.each([
    [
      'register name',
      'POST',
      '/api/auth/register',
      { name: `Ada${NUL}`, password: 'correct-horse-1' },
    ],
    [
      'login email',
      'POST',
      '/api/auth/login',
      { email: `a${NUL}@example.com`, password: 'x12345' },
    ],
    ['list name', 'POST', LISTS, { name: `Trips${NUL}` }],
    ['list description (nested key path)', 'PATCH', 'LIST', { description: `a${NUL}b` }],
    ['item title', 'POST', 'LIST/items', { ...sampleItem, title: `North${NUL}` }],
    ['profile bio', 'POST', '/api/user_management/edit_profile', { bio: `Hello${NUL}` }],
    [
      're-quote id',
      'POST',
      '/api/travel/requote',
      {
        kind: 'hotel',
        quoteId: `q${NUL}`,
        roomType: 'standard',
        checkIn: '2027-01-01',
        checkOut: '2027-01-03',
        nights: 2,
      },
    ],
    ['an object key', 'PUT', '/api/user_management/settings', { [`lang${NUL}`]: 'en' }],
  ])('%s', async (_label, method, url, payload) => {
    const body = url === '/api/auth/register' ? { ...payload, email: uniqueEmail() } : payload;
    const response = await t.app.inject({
      method: method as 'POST',
      url: url.replace('LIST', `${LISTS}/${listId}`),
      payload: body,
      headers: { authorization: `Bearer ${ada.accessToken}` },
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ detail: expect.stringContaining('U+0000') });
  });

  it('in a query string: public list search ?q=%00', async () => {
    const response = await as(t.app, ada).get(`${LISTS}/public?q=%00`);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({
      detail: expect.stringContaining('(querystring)'),
      errors: [{ field: 'q', message: expect.stringContaining('U+0000') }],
    });
  });

  it('in a path parameter: a passkey id and a list id', async () => {
    const passkey = await as(t.app, ada).delete('/api/auth/passkeys/%00');
    expect(passkey.statusCode, passkey.body).toBe(422);
    const item = await as(t.app, ada).get(`${LISTS}/${listId}%00`);
    expect(item.statusCode, item.body).toBe(422);
  });

  it('names the field, deep in the body', async () => {
    const response = await as(t.app, ada).post(`${LISTS}/${listId}/items`, {
      ...sampleItem,
      notes: `Book a husky tour${NUL}`,
    });
    expect(response.json()).toMatchObject({ errors: [{ field: 'notes' }] });
  });

  it('text without NUL still goes through', async () => {
    const response = await as(t.app, ada).post(LISTS, { name: 'Plain \u0001 trips' });
    expect(response.statusCode, response.body).toBe(201);
  });
});

/** Half a surrogate pair (JSON `"\udc00"`) cannot become UTF-8 either: the fuzz test found it. */
describe('a lone surrogate in any text is refused with 422', () => {
  it('in a register name and a list name, as raw JSON escapes', async () => {
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"${uniqueEmail()}","password":"correct-horse-1","name":"Ada \\udc00"}`,
    });
    expect(register.statusCode, register.body).toBe(422);
    expect(register.json()).toMatchObject({
      code: 'text_not_unicode',
      errors: [{ field: 'name' }],
    });
    const list = await as(t.app, ada).post(LISTS, { name: 'Trips \ud800' });
    expect(list.statusCode, list.body).toBe(422);
  });

  it('a whole pair (an emoji) still goes through', async () => {
    const response = await as(t.app, ada).post(LISTS, { name: 'Trips \ud83c\udf0d' });
    expect(response.statusCode, response.body).toBe(201);
  });
});

import type { Profile, ProfileStats } from '@vowa/shared/profile/profile-schemas';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, LISTS, person, sampleItem, type Person } from '../../../test/api-helpers';
import { createTestApp, tokenFromLink, uniqueEmail, type TestApp } from '../../../test/test-app';

let t: TestApp;
let me: Person;
let api: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp();
  me = await person(t.app, 'Ada Lovelace');
  api = as(t.app, me);
});
afterAll(async () => {
  await t.close();
});

/** A multipart body with one file field, as a browser's FormData sends it. */
function multipart(content: Buffer, filename: string, type: string) {
  const boundary = `----vowa${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(who: Person, content: Buffer, filename = 'me.png', type = 'image/png') {
  const body = multipart(content, filename, type);
  return t.app.inject({
    method: 'POST',
    url: '/api/user_management/avatar',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${who.accessToken}` },
  });
}

/** A real photo with EXIF data (a camera and a GPS position) to prove it gets stripped. */
const photo = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Vowa Test Camera' }, IFD3: { GPSLatitudeRef: 'N' } })
    .toBuffer();

describe('who may call', () => {
  it.each([
    ['GET', '/api/user_management/get_myprofile'],
    ['POST', '/api/user_management/edit_profile'],
    ['POST', '/api/user_management/avatar'],
    ['POST', '/api/user_management/reverse_geocode'],
    ['GET', '/api/user_management/stats'],
    ['GET', '/api/users/00000000-0000-4000-8000-000000000000/social_profiles'],
  ] as const)('%s %s needs a signed-in user', async (method, url) => {
    const response = await t.app.inject({
      method,
      url,
      payload: method === 'GET' ? undefined : {},
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('profile', () => {
  it('returns the spec fields, with the user id as uid', async () => {
    const response = await api.get('/api/user_management/get_myprofile');
    expect(response.statusCode).toBe(200);
    const profile = response.json() as Profile;
    expect(profile).toMatchObject({
      uid: me.id,
      name: 'Ada Lovelace',
      email: me.email,
      display_name: 'Ada Lovelace',
      bio: '',
      location: '',
      website: '',
      phone: '',
      avatar: null,
      pending_email: null,
      home_airport: null,
    });
    expect(Date.parse(profile.member_since)).toBeLessThanOrEqual(Date.now());
  });

  it('saves every field, including the name, and normalises the website', async () => {
    const response = await api.post('/api/user_management/edit_profile', {
      name: 'Augusta Ada King',
      display_name: 'Ada',
      bio: 'Analyst of engines, traveller of Europe.',
      location: 'London, England, United Kingdom',
      website: 'ada.example.org',
      phone: '+44 (20) 7946-0958',
      home_airport: 'lhr',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Augusta Ada King',
      display_name: 'Ada',
      website: 'https://ada.example.org',
      phone: '+44 (20) 7946-0958',
      home_airport: { code: 'LHR' },
    });
    const again = (await api.get('/api/user_management/get_myprofile')).json() as Profile;
    expect(again.bio).toBe('Analyst of engines, traveller of Europe.');
    // The header's user and the trip suggestions follow.
    expect((await api.get('/api/auth/users/me')).json().display_name).toBe('Ada');
    expect((await api.get('/api/travel/preferences')).json().homeAirport.code).toBe('LHR');
  });

  it.each([
    [{ phone: '12-34' }, 'phone', 'Please enter a valid phone number.'],
    [{ phone: 'call me maybe' }, 'phone', 'Please enter a valid phone number.'],
    [{ location: ' x ' }, 'location', 'Please enter a valid location.'],
    [{ website: 'not a site' }, 'website', 'Please enter a valid website address.'],
    [{ name: '   ' }, 'name', 'Name is required'],
    [{ home_airport: 'QQQ' }, 'home_airport', "We don't know an airport with the code QQQ."],
  ])('refuses %o and saves nothing', async (body, field, message) => {
    const before = (await api.get('/api/user_management/get_myprofile')).json();
    const response = await api.post('/api/user_management/edit_profile', {
      bio: 'This must not be saved',
      ...body,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toBe(message);
    expect(response.json().errors).toContainEqual(expect.objectContaining({ field, message }));
    expect((await api.get('/api/user_management/get_myprofile')).json()).toEqual(before);
  });

  it('clears optional fields with empty strings', async () => {
    const someone = as(t.app, await person(t.app, 'Clearer'));
    await someone.post('/api/user_management/edit_profile', {
      phone: '5551234567',
      location: 'Oslo',
    });
    const cleared = await someone.post('/api/user_management/edit_profile', {
      phone: '',
      location: '',
    });
    expect(cleared.json()).toMatchObject({ phone: '', location: '' });
  });
});

describe('changing the email', () => {
  it('changes only once the link mailed to the new address is followed', async () => {
    const who = await person(t.app, 'Mover');
    const mine = as(t.app, who);
    const newEmail = uniqueEmail('moved');
    const response = await mine.post('/api/user_management/edit_profile', { email: newEmail });
    expect(response.json()).toMatchObject({ email: who.email, pending_email: newEmail });

    const mails = await t.outbox();
    const link = mails.find((mail) => mail.to === newEmail)?.link;
    expect(link).toContain('/confirm-email?token=');
    expect(mails.some((mail) => mail.to === who.email && /changing/.test(mail.subject))).toBe(true);

    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/user_management/confirm_email',
      payload: { token: tokenFromLink(link) },
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await mine.get('/api/user_management/get_myprofile')).json()).toMatchObject({
      email: newEmail,
      pending_email: null,
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: newEmail, password: who.password },
    });
    expect(login.statusCode).toBe(200);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user_management/confirm_email',
      payload: { token: tokenFromLink(link) },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe('This email confirmation link is invalid or has expired.');
  });

  it('refuses an address another account took in the meantime', async () => {
    const mine = as(t.app, await person(t.app, 'Slow'));
    const other = await person(t.app, 'Quick');
    const target = uniqueEmail('contested');
    await mine.post('/api/user_management/edit_profile', { email: target });
    const link = (await t.outbox()).find((mail) => mail.to === target)?.link;
    await as(t.app, other).post('/api/user_management/edit_profile', { email: target });
    const otherLink = (await t.outbox()).filter((mail) => mail.to === target).at(-1)?.link;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/user_management/confirm_email',
          payload: { token: tokenFromLink(otherLink) },
        })
      ).statusCode,
    ).toBe(200);
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/user_management/confirm_email',
      payload: { token: tokenFromLink(link) },
    });
    expect(late.statusCode).toBe(409);
  });
});

describe('avatar upload', () => {
  it('re-encodes the photo, strips its metadata, and serves it once saved', async () => {
    const response = await upload(me, await photo(), 'holiday.jpg', 'image/jpeg');
    expect(response.statusCode).toBe(200);
    const { avatar } = response.json() as { avatar: string };
    expect(avatar).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.webp$/);

    const served = await t.app.inject({ method: 'GET', url: avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(metadata.exif).toBeUndefined();

    // Not on the profile until saved.
    expect((await api.get('/api/user_management/get_myprofile')).json().avatar).toBeNull();
    await api.post('/api/user_management/edit_profile', { avatar });
    expect((await api.get('/api/user_management/get_myprofile')).json().avatar).toBe(avatar);
    expect((await api.get('/api/auth/users/me')).json().avatar).toBe(avatar);
  });

  it('judges by content: a text file named .png is refused', async () => {
    const response = await upload(me, Buffer.from('definitely not an image'), 'fake.png');
    expect(response.statusCode).toBe(415);
    expect(response.json().detail).toBe('Please choose a JPEG, PNG or WebP image.');
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await upload(me, gif, 'a.gif', 'image/gif')).statusCode).toBe(415);
  });

  it('refuses more than 5 MB with 413', async () => {
    const response = await upload(me, Buffer.alloc(5 * 1024 * 1024 + 10, 1), 'huge.png');
    expect(response.statusCode).toBe(413);
    expect(response.json().detail).toBe('The photo must be 5 MB or smaller.');
  });

  it('refuses a request without a file, and another user’s upload on a profile', async () => {
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/user_management/avatar',
      payload: { avatar: 'x' },
      headers: { authorization: `Bearer ${me.accessToken}` },
    });
    expect(noFile.statusCode).toBe(415);
    const stranger = await person(t.app, 'Stranger');
    const theirs = (await upload(stranger, await photo())).json().avatar as string;
    const response = await api.post('/api/user_management/edit_profile', { avatar: theirs });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toBe('That photo was not uploaded from this account.');
  });
});

describe('reverse geocoding', () => {
  it('names the city, state and country at a position', async () => {
    const response = await api.post('/api/user_management/reverse_geocode', {
      latitude: 48.8566,
      longitude: 2.3522,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      city: 'Paris',
      country: 'France',
      label: 'Paris, Île-de-France, France',
      source: 'bundled',
    });
  });

  it('says so in the open sea, and refuses impossible positions', async () => {
    const sea = await api.post('/api/user_management/reverse_geocode', {
      latitude: -40,
      longitude: -120,
    });
    expect(sea.statusCode).toBe(404);
    expect(sea.json().detail).toBe('Failed to detect location.');
    const bad = await api.post('/api/user_management/reverse_geocode', {
      latitude: 95,
      longitude: 0,
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe('social profiles', () => {
  const url = () => `/api/users/${me.id}/social_profiles`;

  it('connects, lists and disconnects on the server', async () => {
    const connected = await api.post(url(), {
      platform: 'instagram',
      username: '@ada.travels',
      followers: 12_345,
    });
    expect(connected.statusCode).toBe(200);
    expect(connected.json()).toEqual({
      platform: 'instagram',
      username: 'ada.travels',
      url: 'https://www.instagram.com/ada.travels/',
      verified: false,
      followers: 12_345,
      connected: true,
    });
    // A client cannot claim verification or point the link elsewhere.
    const claimed = await api.post(url(), {
      platform: 'tiktok',
      username: 'ada',
      url: 'https://evil.example',
      verified: true,
    });
    expect(claimed.json()).toMatchObject({
      url: 'https://www.tiktok.com/@ada',
      verified: false,
      followers: 0,
    });

    const listed = (await api.get(url())).json().profiles as { platform: string }[];
    expect(listed.map((profile) => profile.platform)).toEqual(['instagram', 'tiktok']);

    expect((await api.delete(`${url()}/tiktok`)).statusCode).toBe(204);
    expect((await api.delete(`${url()}/tiktok`)).statusCode).toBe(404);
    expect(((await api.get(url())).json().profiles as unknown[]).length).toBe(1);
  });

  it('refuses bad input and other people’s profiles', async () => {
    const bad = await api.post(url(), { platform: 'myspace', username: 'ada' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toBe('Choose Instagram or TikTok');
    const name = await api.post(url(), { platform: 'instagram', username: 'no spaces allowed' });
    expect(name.json().detail).toBe('Usernames are 1 to 30 letters, digits, dots or underscores');

    const other = await person(t.app, 'Other');
    const theirs = `/api/users/${other.id}/social_profiles`;
    expect((await api.get(theirs)).statusCode).toBe(403);
    expect((await api.post(theirs, { platform: 'instagram', username: 'x' })).statusCode).toBe(403);
    expect((await api.get('/api/users/not-a-uuid/social_profiles')).statusCode).toBe(422);
  });
});

describe('stats', () => {
  it('are honest zeros for a new user', async () => {
    const fresh = as(t.app, await person(t.app, 'Newcomer'));
    const stats = (await fresh.get('/api/user_management/stats')).json() as ProfileStats;
    expect(stats).toMatchObject({
      tripsBooked: 0,
      totalSaved: 0,
      countriesVisited: 0,
      favoriteDestination: null,
      recentTrips: [],
      financialOverview: null,
    });
    expect(stats.achievements.every((achievement) => !achievement.unlocked)).toBe(true);
  });

  it('come from the bucket lists and the finances', async () => {
    const who = as(t.app, await person(t.app, 'Collector'));
    const list = (await who.post(LISTS, { name: 'Dreams' })).json() as { id: string };
    const add = (item: object) => who.post(`${LISTS}/${list.id}/items`, { ...sampleItem, ...item });
    const oslo = (await add({ location: 'Oslo', country: 'Norway' })).json() as { id: string };
    const rome = (await add({ location: 'Rome', country: 'Italy' })).json() as { id: string };
    await add({ location: 'Rome', country: 'Italy', title: 'Colosseum at night' });
    for (const item of [oslo, rome]) {
      await who.put(`${LISTS}/${list.id}/items/${item.id}/completion`, { isCompleted: true });
    }
    await who.put('/api/finance/financials', {
      monthlyIncome: 5000,
      monthlyExpenses: 2000,
      availableBalance: 8000,
    });
    const stats = (await who.get('/api/user_management/stats')).json() as ProfileStats;
    expect(stats.countriesVisited).toBe(2);
    expect(stats.favoriteDestination).toBe('Rome, Italy');
    const unlocked = stats.achievements.filter((a) => a.unlocked).map((a) => a.key);
    expect(unlocked).toEqual(['first_list', 'first_completed', 'budget_ready']);
    expect(stats.achievements.find((a) => a.key === 'dreamer')).toMatchObject({
      progress: 3,
      target: 10,
    });
    // Figures entered by hand count as connected (part 2 §4), without an institution.
    expect(stats.financialOverview).toEqual({
      monthlyIncome: 5000,
      monthlyExpenses: 2000,
      availableBalance: 8000,
      maxTripBudget: 5000,
      institutionName: null,
    });
  });
});

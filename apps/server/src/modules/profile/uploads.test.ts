import { randomBytes } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { as, person, type Person } from '../../../test/api-helpers';
import { startS3Fake, type S3Fake } from '../../../test/s3-fake';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { AVATAR_UPLOADS_PER_HOUR } from './profile-routes';
import { UPLOAD_CLEANUP_JOB } from './upload-cleanup';

/** A multipart body with one file field, as a browser's FormData sends it. */
function multipart(content: Buffer) {
  const boundary = `----vowa${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const photo = (background = '#3366cc') =>
  sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .png()
    .toBuffer();

async function upload(t: TestApp, who: Person, content: Buffer) {
  const body = multipart(content);
  return t.app.inject({
    method: 'POST',
    url: '/api/user_management/avatar',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${who.accessToken}` },
  });
}

const filesIn = (dir: string) => readdir(dir, { recursive: true }).catch(() => [] as string[]);

// The same promises to a client, whichever store holds the files.
describe.each(['local', 's3'] as const)('uploads served from the %s store', (mode) => {
  let t: TestApp;
  let fake: S3Fake | undefined;
  let me: Person;

  beforeAll(async () => {
    fake = mode === 's3' ? await startS3Fake() : undefined;
    t = await createTestApp(fake?.env() ?? {});
    me = await person(t.app, 'Uploader');
  });
  afterAll(async () => {
    await t.close();
    await fake?.close();
  });

  it('serves an uploaded avatar with its type, size and cache headers', async () => {
    const response = await upload(t, me, await photo());
    expect(response.statusCode).toBe(200);
    const { avatar } = response.json() as { avatar: string };
    expect(avatar).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.webp$/);

    const served = await t.app.inject({ method: 'GET', url: avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-length': String(served.rawPayload.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 512,
      height: 512,
    });

    const head = await t.app.inject({ method: 'HEAD', url: avatar });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
    expect(head.body).toBe('');

    // A browser revalidating what it has is told it is still good.
    const again = await t.app.inject({
      method: 'GET',
      url: avatar,
      headers: { 'if-none-match': String(served.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('removes, a day later, the uploads no profile shows, from the store too', async () => {
    const who = await person(t.app, 'Indecisive');
    const uploaded: string[] = [];
    for (const colour of ['#aa0000', '#00aa00', '#0000aa']) {
      const response = await upload(t, who, await photo(colour));
      expect(response.statusCode).toBe(200);
      uploaded.push((response.json() as { avatar: string }).avatar);
    }
    const [firstTry, chosen, lastTry] = uploaded as [string, string, string];
    const save = (avatar: string) =>
      as(t.app, who).post('/api/user_management/edit_profile', { avatar });
    expect((await save(chosen)).statusCode).toBe(200);
    // Uploaded two days ago: only this person's uploads, so other tests' files are left alone.
    await t.app.db.execute(
      sql`update user_uploads set created_at = now() - interval '2 days' where user_id = ${who.id}`,
    );
    const fresh = (await upload(t, who, await photo('#777777'))).json() as { avatar: string };

    await t.app.jobs.enqueue(UPLOAD_CLEANUP_JOB);
    await t.app.jobs.runDue({ names: [UPLOAD_CLEANUP_JOB] });

    const status = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
    expect(await status(firstTry)).toBe(404);
    expect(await status(lastTry)).toBe(404);
    expect(await status(chosen)).toBe(200);
    expect(await status(fresh.avatar)).toBe(200);
    // A removed photo can no longer be put on the profile; the one shown stays.
    expect((await save(firstTry)).statusCode).toBe(422);
    expect((await as(t.app, who).get('/api/user_management/get_myprofile')).json()).toMatchObject({
      avatar: chosen,
    });
  });

  it(`refuses a person's upload past ${AVATAR_UPLOADS_PER_HOUR} an hour with 429, and only theirs`, async () => {
    const busy = await person(t.app, 'Busy Uploader');
    const notAnImage = Buffer.from('not a photo at all');
    for (let index = 0; index < AVATAR_UPLOADS_PER_HOUR; index += 1) {
      expect((await upload(t, busy, notAnImage)).statusCode).toBe(415);
    }
    const refused = await upload(t, busy, await photo());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/^Too many requests\. Please try again in /);
    const other = await person(t.app, 'Calm Uploader');
    expect((await upload(t, other, await photo())).statusCode).toBe(200);
  });

  it.each([
    '/uploads/avatars/0123456789abcdef0123456789abcdef.webp',
    '/uploads/avatars/missing.webp?v=2',
    '/uploads/..%2fsecrets%2fencryption-key',
    '/uploads/avatars/..%2f..%2fsecrets%2fencryption-key',
    '/uploads/avatars',
  ])('answers a JSON 404 for %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found', code: 'not_found' });
  });

  it('never serves a file from outside the store, however the path is spelled', async () => {
    // DATA_DIR/uploads/../secrets is where generated keys live (the test app is given its
    // keys, so one is written here for the check).
    const secret = randomBytes(32).toString('base64url');
    await mkdir(path.join(t.dataDir, 'secrets'), { recursive: true });
    await writeFile(path.join(t.dataDir, 'secrets', 'encryption-key'), secret);
    for (const url of [
      '/uploads/../secrets/encryption-key',
      '/uploads/%2e%2e/secrets/encryption-key',
      '/uploads/..%2fsecrets%2fencryption-key',
      '/uploads/avatars/..%2f..%2fsecrets%2fencryption-key',
      '/uploads/..%5csecrets%5cencryption-key',
      '/uploads/avatars/%2e%2e/%2e%2e/secrets/encryption-key',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      // Paths a URL parser resolves (`..`) leave /uploads altogether: the web app or a 404.
      expect(response.body, url).not.toContain(secret);
      expect(response.headers['content-type'], url).not.toBe('application/octet-stream');
    }
  });
});

describe('uploads in S3', () => {
  let fake: S3Fake;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startS3Fake();
    t = await createTestApp({ ...fake.env(), S3_PREFIX: 'vowa/uploads/' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const avatarKey = (url: string) => `vowa/uploads/${url.slice('/uploads/'.length)}`;

  it('keeps the file in the bucket, not in DATA_DIR/uploads', async () => {
    const who = await person(t.app);
    const { avatar } = (await upload(t, who, await photo())).json() as { avatar: string };
    const stored = fake.object(avatarKey(avatar));
    expect(stored).toMatchObject({
      contentType: 'image/webp',
      cacheControl: 'public, max-age=31536000, immutable',
    });
    expect((await sharp(stored!.body).metadata()).format).toBe('webp');
    expect(await filesIn(path.join(t.dataDir, 'uploads'))).toEqual([]);

    const served = await t.app.inject({ method: 'GET', url: avatar });
    expect(served.rawPayload.equals(stored!.body)).toBe(true);
  });

  it('deletes the old object when the avatar is replaced, and the last one with the account', async () => {
    const who = await person(t.app);
    const mine = as(t.app, who);
    const first = (await upload(t, who, await photo('#aa0000'))).json().avatar as string;
    expect(
      (await mine.post('/api/user_management/edit_profile', { avatar: first })).statusCode,
    ).toBe(200);
    const second = (await upload(t, who, await photo('#00aa00'))).json().avatar as string;
    expect(fake.object(avatarKey(first))).toBeDefined();

    await mine.post('/api/user_management/edit_profile', { avatar: second });
    expect(fake.object(avatarKey(first))).toBeUndefined();
    expect(fake.object(avatarKey(second))).toBeDefined();
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      payload: { password: who.password },
      headers: { authorization: `Bearer ${who.accessToken}` },
    });
    expect(deleted.statusCode).toBe(204);
    expect(fake.object(avatarKey(second))).toBeUndefined();
  });

  it('never asks the bucket for paths outside the store', async () => {
    const asked = fake.requests.length;
    await t.app.inject({ method: 'GET', url: '/uploads/..%2f..%2fetc%2fpasswd' });
    await t.app.inject({ method: 'GET', url: '/uploads/avatars/.hidden' });
    expect(fake.requests).toHaveLength(asked);
  });

  it('never logs the secret key', () => {
    expect(t.logs.join('\n')).not.toContain(fake.secretAccessKey);
  });
});

describe('uploads in S3 with the wrong secret key', () => {
  it('answers a storage failure with 503 and logs why, without the secret', async () => {
    const fake = await startS3Fake();
    const t = await createTestApp({
      ...fake.env(),
      S3_SECRET_ACCESS_KEY: 'a-wrong-secret-key-value',
    });
    try {
      const response = await upload(t, await person(t.app), await photo());
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        detail: 'Your photo could not be stored right now. Please try again later.',
        code: 'photo_storage_unavailable',
      });
      const logs = t.logs.join('\n');
      expect(logs).toContain('SignatureDoesNotMatch');
      expect(logs).toContain('Check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY');
      expect(logs).not.toContain('a-wrong-secret-key-value');
      expect(fake.keys()).toEqual([]);
    } finally {
      await t.close();
      await fake.close();
    }
  });
});

import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startS3Fake, type S3Fake } from '../../../test/s3-fake';
import type { S3Config } from '../../config/env';
import type { StoredFile } from './file-store';
import { createS3FileStore, S3StoreError, type S3FileStore } from './s3-file-store';

let fake: S3Fake;
const stores: S3FileStore[] = [];

beforeAll(async () => {
  fake = await startS3Fake();
});
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
  fake.reset();
});
afterAll(async () => {
  await fake.close();
});

/** A store on the fake, as loadConfig would configure it for an S3_ENDPOINT. */
async function store(overrides: Partial<S3Config> = {}) {
  const created = await createS3FileStore({
    bucket: fake.bucket,
    region: fake.region,
    endpoint: fake.endpoint,
    credentials: { accessKeyId: fake.accessKeyId, secretAccessKey: fake.secretAccessKey },
    prefix: 'uploads/',
    forcePathStyle: true,
    ...overrides,
  });
  stores.push(created);
  return created;
}

const bytes = (file: StoredFile) =>
  file.body instanceof Readable ? buffer(file.body) : Promise.resolve(file.body);
const image = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 not really an image');

describe('S3 file store', () => {
  it('saves under the prefix with its content type and cache header, path-style', async () => {
    const files = await store();
    const url = await files.save('avatars', 'a1.webp', image, 'image/webp');
    expect(url).toBe('/uploads/avatars/a1.webp');
    expect(fake.keys()).toEqual(['uploads/avatars/a1.webp']);
    expect(fake.object('uploads/avatars/a1.webp')).toMatchObject({
      body: image,
      contentType: 'image/webp',
      cacheControl: 'public, max-age=31536000, immutable',
    });
    const put = fake.requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe(`/${fake.bucket}/uploads/avatars/a1.webp`);
    // No flexible-checksum headers or aws-chunked bodies: S3-compatible services refuse some.
    expect(Object.keys(put?.headers ?? {}).filter((name) => name.includes('checksum'))).toEqual([]);
  });

  it('opens a saved file with its bytes, type and size', async () => {
    const files = await store();
    await files.save('avatars', 'a2.webp', image, 'image/webp');
    const file = await files.open('avatars/a2.webp');
    expect(file).toMatchObject({ contentType: 'image/webp', size: image.length });
    expect(await bytes(file!)).toEqual(image);
  });

  it('answers null for a missing key, and for keys it would never write, without asking', async () => {
    const files = await store();
    expect(await files.open('avatars/missing.webp')).toBeNull();
    const asked = fake.requests.length;
    for (const key of ['../secrets/jwt-secret', 'avatars/../../x', 'avatars/.hidden', 'a', '']) {
      expect(await files.open(key)).toBeNull();
    }
    expect(fake.requests).toHaveLength(asked);
  });

  it('removes by URL path, is quiet about missing files, and ignores foreign paths', async () => {
    const files = await store();
    const url = await files.save('avatars', 'a3.webp', image, 'image/webp');
    await files.remove(url);
    expect(fake.keys()).toEqual([]);
    expect(await files.open('avatars/a3.webp')).toBeNull();
    await expect(files.remove(url)).resolves.toBeUndefined();

    await files.save('avatars', 'kept.webp', image, 'image/webp');
    const asked = fake.requests.length;
    for (const foreign of [
      'https://cdn.example.com/uploads/avatars/kept.webp',
      '/elsewhere/avatars/kept.webp',
      '/uploads/../uploads/avatars/kept.webp',
      '/uploads/avatars/kept.webp?x=1',
    ]) {
      await files.remove(foreign);
    }
    expect(fake.requests).toHaveLength(asked);
    expect(fake.keys()).toEqual(['uploads/avatars/kept.webp']);
  });

  it('puts keys under any prefix, or at the bucket root', async () => {
    await (await store({ prefix: 'tenants/a/' })).save('avatars', 'p.webp', image, 'image/webp');
    await (await store({ prefix: '' })).save('avatars', 'r.webp', image, 'image/webp');
    expect(fake.keys()).toEqual(['avatars/r.webp', 'tenants/a/avatars/p.webp']);
    // Each store only sees its own prefix.
    expect(await (await store({ prefix: 'tenants/a/' })).open('avatars/r.webp')).toBeNull();
    expect(await (await store({ prefix: '' })).open('avatars/r.webp')).not.toBeNull();
  });

  it('refuses names it would not serve', async () => {
    await expect(
      (await store()).save('avatars', '../escape.webp', image, 'image/webp'),
    ).rejects.toThrow('not a valid file location');
    expect(fake.requests).toHaveLength(0);
  });

  it('says clearly when the access key is unknown, without the secret', async () => {
    const files = await store({
      credentials: { accessKeyId: 'AKIAWRONGWRONGWRONG1', secretAccessKey: 'wrong-secret-value' },
    });
    const error = await files.save('avatars', 'x.webp', image, 'image/webp').catch((e) => e);
    expect(error).toBeInstanceOf(S3StoreError);
    expect(error).toMatchObject({ code: 'InvalidAccessKeyId', status: 403 });
    expect(error.message).toContain(`S3 PutObject of s3://${fake.bucket}/uploads/avatars/x.webp`);
    expect(error.message).toContain('does not exist in our records');
    expect(error.message).toContain('Check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY');
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain('wrong-secret');
    expect(fake.keys()).toEqual([]);
  });

  it('says clearly when the secret is wrong (the signature does not match)', async () => {
    const files = await store({
      credentials: { accessKeyId: fake.accessKeyId, secretAccessKey: 'not-the-secret' },
    });
    await expect(files.open('avatars/x.webp')).rejects.toMatchObject({
      name: 'S3StoreError',
      code: 'SignatureDoesNotMatch',
      status: 403,
    });
    await expect(files.remove('/uploads/avatars/x.webp')).rejects.toThrow(
      /DeleteObject .* was refused \(SignatureDoesNotMatch, HTTP 403\)/,
    );
  });

  it('says clearly when the bucket does not exist, and does not take it for a missing file', async () => {
    const files = await store({ bucket: 'no-such-bucket' });
    await expect(files.open('avatars/x.webp')).rejects.toThrow(
      'S3 GetObject of s3://no-such-bucket/uploads/avatars/x.webp failed: the bucket does not exist (NoSuchBucket, HTTP 404). Check S3_BUCKET and S3_ENDPOINT.',
    );
  });

  it('says clearly when S3 cannot be reached', async () => {
    const files = await store({ endpoint: 'http://127.0.0.1:9' });
    await expect(files.save('avatars', 'x.webp', image, 'image/webp')).rejects.toThrow(
      /S3 PutObject of s3:\/\/vowa-test-bucket\/uploads\/avatars\/x\.webp failed \(ECONNREFUSED/,
    );
  });
});

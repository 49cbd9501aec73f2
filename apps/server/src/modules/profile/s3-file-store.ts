import { Readable } from 'node:stream';
import {
  contentTypeOf,
  fileKeyOf,
  fileLocation,
  isFileKey,
  UPLOADS_CACHE_CONTROL,
  type FileStore,
} from './file-store';
import type { S3Config } from '../../config/env';

export type S3FileStore = FileStore & { kind: 's3'; bucket: string };

/**
 * What the store reports when S3 fails: the operation, S3's error code and status, and what to
 * check. It carries nothing from the SDK's error (request details, signing material).
 */
export class S3StoreError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number | undefined,
  ) {
    super(message);
    this.name = 'S3StoreError';
  }
}

const CREDENTIAL_ERRORS = new Set([
  'AccessDenied',
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'InvalidToken',
  'ExpiredToken',
  'CredentialsProviderError',
]);

/**
 * Uploaded files in an S3-compatible bucket under `<prefix><folder>/<name>`. The app still
 * serves them at `/uploads/<folder>/<name>` (see `uploads.ts`), so the bucket can stay
 * private and stored URLs do not change when the store does.
 */
export async function createS3FileStore(config: S3Config): Promise<S3FileStore> {
  // Imported here, so the SDK (a noticeable moment to load) loads only when S3 is configured;
  // a static import would be hoisted to the top of the production bundle.
  const { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } =
    await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where S3 requires them: several S3-compatible services reject the SDK's
    // default CRC32 headers and trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const objectKey = (key: string) => `${config.prefix}${key}`;

  function failure(operation: string, key: string, error: unknown): S3StoreError {
    const { code, status, said } = describeError(error);
    const what = `S3 ${operation} of s3://${config.bucket}/${objectKey(key)}`;
    const why = `${code}${status ? `, HTTP ${status}` : ''}`;
    if (code === 'NoSuchBucket') {
      return new S3StoreError(
        `${what} failed: the bucket does not exist (${why}). Check S3_BUCKET and S3_ENDPOINT.`,
        code,
        status,
      );
    }
    if (CREDENTIAL_ERRORS.has(code) || status === 401 || status === 403) {
      return new S3StoreError(
        `${what} was refused (${why})${said}. Check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the bucket's permissions.`,
        code,
        status,
      );
    }
    return new S3StoreError(`${what} failed (${why})${said}.`, code, status);
  }

  return {
    kind: 's3',
    bucket: config.bucket,
    async save(folder, name, content, contentType) {
      const { key, urlPath } = fileLocation(folder, name);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: config.bucket,
            Key: objectKey(key),
            Body: content,
            ContentType: contentType,
            ContentLength: content.length,
            CacheControl: UPLOADS_CACHE_CONTROL,
          }),
        );
      } catch (error) {
        throw failure('PutObject', key, error);
      }
      return urlPath;
    },
    async remove(urlPath) {
      const key = fileKeyOf(urlPath);
      if (!key) return;
      try {
        // S3 answers 204 whether or not the object was there.
        await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
      } catch (error) {
        throw failure('DeleteObject', key, error);
      }
    },
    async open(key) {
      if (!isFileKey(key)) return null;
      let response;
      try {
        response = await client.send(
          new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }),
        );
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw failure('GetObject', key, error);
      }
      const body = response.Body;
      if (!body) return null;
      const about = {
        contentType: response.ContentType ?? contentTypeOf(key),
        etag: response.ETag,
        lastModified: response.LastModified,
      };
      if (body instanceof Readable && response.ContentLength !== undefined) {
        return { ...about, body, size: response.ContentLength };
      }
      // No length announced (or a non-Node stream): read it whole; avatars are small.
      const bytes = Buffer.from(await body.transformToByteArray());
      return { ...about, body: bytes, size: bytes.length };
    },
    async close() {
      client.destroy();
    },
  };
}

/** S3's error code and status, or a network error's code, and its message. */
function describeError(error: unknown): { code: string; status: number | undefined; said: string } {
  if (isServiceError(error)) {
    const message = error.message === 'UnknownError' ? '' : error.message;
    return {
      code: error.name,
      status: error.$metadata.httpStatusCode,
      said: message ? `: ${message.replace(/\.$/, '')}` : '',
    };
  }
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code ?? error.name;
    return { code, status: undefined, said: `: ${error.message.replace(/\.$/, '')}` };
  }
  return { code: 'Unknown', status: undefined, said: `: ${String(error)}` };
}

/**
 * An error S3 answered with an HTTP status (the SDK's S3ServiceException), rather than a network
 * failure: the SDK attaches `$metadata` to both, but only an answer has a status.
 */
function isServiceError(
  error: unknown,
): error is Error & { $metadata: { httpStatusCode: number } } {
  return (
    error instanceof Error &&
    typeof (error as { $metadata?: { httpStatusCode?: unknown } }).$metadata?.httpStatusCode ===
      'number'
  );
}

/** NoSuchKey from GetObject; a bare 404 from services that send no error body. */
function isMissingObject(error: unknown): boolean {
  if (!isServiceError(error)) return false;
  if (error.name === 'NoSuchKey' || error.name === 'NotFound') return true;
  return error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket';
}

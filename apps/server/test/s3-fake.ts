import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Amazon S3's documented REST API, for contract tests: path-style
 * addressing (`/<bucket>/<key>`), PutObject, GetObject, HeadObject and DeleteObject, AWS
 * Signature Version 4 checked as S3 checks it, and S3's XML error bodies:
 *
 * - 403 AccessDenied — no Authorization header (the bucket is private);
 * - 403 InvalidAccessKeyId — an access key id other than the fake's;
 * - 403 SignatureDoesNotMatch — the right key id signed with another secret;
 * - 400 AuthorizationHeaderMalformed — signed for another region;
 * - 400 XAmzContentSHA256Mismatch — a body that is not the one signed;
 * - 404 NoSuchBucket, 404 NoSuchKey (HEAD: 404 without a body, as S3 sends);
 * - 501 NotImplemented — `aws-chunked` uploads, which this fake does not decode;
 * - 405 MethodNotAllowed — anything else.
 *
 * DeleteObject answers 204 whether or not the key exists. Every request is recorded.
 */

export const S3_FAKE_ACCESS_KEY_ID = 'AKIAVOWAFAKE00000001';
export const S3_FAKE_SECRET_ACCESS_KEY = 'fake/secret+ACCESS+key/for/the/s3/fake/0001';

export type S3FakeObject = {
  body: Buffer;
  contentType: string;
  cacheControl: string | undefined;
  etag: string;
  lastModified: Date;
};

export type RecordedS3Request = {
  method: string;
  /** The raw path, as sent: `/<bucket>/<key>`. */
  path: string;
  headers: IncomingMessage['headers'];
  status: number;
};

export type S3Fake = {
  /** For S3_ENDPOINT: `http://127.0.0.1:<port>`. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  requests: RecordedS3Request[];
  /** The object stored under a key of the fake's bucket. */
  object: (key: string, bucket?: string) => S3FakeObject | undefined;
  /** The keys in a bucket, sorted. */
  keys: (bucket?: string) => string[];
  /** Env for `createTestApp`/`loadConfig` pointing at this fake. */
  env: () => Record<string, string>;
  reset: () => void;
  close: () => Promise<void>;
};

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
  }
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding, as SigV4 wants it. */
const uriEncode = (value: string) =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );

const xmlEscape = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!,
  );

export async function startS3Fake(
  options: {
    bucket?: string;
    region?: string;
    accessKeyId?: string;
    secretAccessKey?: string;
  } = {},
): Promise<S3Fake> {
  const bucketName = options.bucket ?? 'vowa-test-bucket';
  const region = options.region ?? 'us-east-1';
  const accessKeyId = options.accessKeyId ?? S3_FAKE_ACCESS_KEY_ID;
  const secretAccessKey = options.secretAccessKey ?? S3_FAKE_SECRET_ACCESS_KEY;
  const buckets = new Map<string, Map<string, S3FakeObject>>([[bucketName, new Map()]]);
  const requests: RecordedS3Request[] = [];

  /** Checks the request's AWS Signature Version 4 (Authorization header form). */
  function authenticate(request: IncomingMessage, rawPath: string, query: string, body: Buffer) {
    const authorization = request.headers.authorization;
    if (!authorization) throw new S3Error(403, 'AccessDenied', 'Access Denied');
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
        authorization,
      );
    if (!match) {
      throw new S3Error(
        400,
        'AuthorizationHeaderMalformed',
        'The authorization header is malformed.',
      );
    }
    const [, keyId, date, scopeRegion, signedHeaders, signature] = match as unknown as string[];
    if (keyId !== accessKeyId) {
      throw new S3Error(
        403,
        'InvalidAccessKeyId',
        'The AWS Access Key Id you provided does not exist in our records.',
        { AWSAccessKeyId: keyId! },
      );
    }
    if (scopeRegion !== region) {
      throw new S3Error(
        400,
        'AuthorizationHeaderMalformed',
        `The authorization header is malformed; the region '${scopeRegion}' is wrong; expecting '${region}'`,
        { Region: region },
      );
    }
    const amzDate = String(request.headers['x-amz-date'] ?? '');
    const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
    if (!payloadHash) {
      throw new S3Error(
        400,
        'InvalidRequest',
        'Missing required header for this request: x-amz-content-sha256',
      );
    }
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) {
      throw new S3Error(
        400,
        'XAmzContentSHA256Mismatch',
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
      );
    }
    const canonicalQuery = [...new URLSearchParams(query)]
      .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
      .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
      .map(([name, value]) => `${name}=${value}`)
      .join('&');
    const headerNames = signedHeaders!.split(';');
    const canonicalHeaders = headerNames
      .map((name) => {
        const value = request.headers[name];
        const text = Array.isArray(value) ? value.join(',') : (value ?? '');
        return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
      })
      .join('');
    const canonicalRequest = [
      request.method,
      rawPath,
      canonicalQuery,
      canonicalHeaders,
      signedHeaders,
      payloadHash,
    ].join('\n');
    const scope = `${date}/${scopeRegion}/s3/aws4_request`;
    const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
    const signingKey = ['s3', 'aws4_request'].reduce(
      (key, part) => hmac(key, part),
      hmac(hmac(`AWS4${secretAccessKey}`, date!), scopeRegion!),
    );
    const expected = Buffer.from(hmac(signingKey, stringToSign).toString('hex'));
    const given = Buffer.from(signature!);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new S3Error(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
        { AWSAccessKeyId: keyId! },
      );
    }
  }

  function handle(request: IncomingMessage, response: ServerResponse, body: Buffer) {
    const url = request.url ?? '/';
    const queryAt = url.indexOf('?');
    const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
    const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
    authenticate(request, rawPath, query, body);

    const [, rawBucket = '', ...rawKey] = rawPath.split('/');
    const bucketInPath = decodeURIComponent(rawBucket);
    const key = decodeURIComponent(rawKey.join('/'));
    const objects = buckets.get(bucketInPath);
    if (!objects) {
      throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist', {
        BucketName: bucketInPath,
      });
    }
    if (!key)
      throw new S3Error(
        405,
        'MethodNotAllowed',
        'The specified method is not allowed against this resource.',
      );

    switch (request.method) {
      case 'PUT': {
        if (/aws-chunked/.test(String(request.headers['content-encoding'] ?? ''))) {
          throw new S3Error(
            501,
            'NotImplemented',
            'A header you provided implies functionality that is not implemented',
            { Header: 'Content-Encoding' },
          );
        }
        const etag = `"${createHash('md5').update(body).digest('hex')}"`;
        objects.set(key, {
          body,
          contentType: String(request.headers['content-type'] ?? 'binary/octet-stream'),
          cacheControl: request.headers['cache-control'],
          etag,
          lastModified: new Date(Math.floor(Date.now() / 1000) * 1000),
        });
        response.writeHead(200, { ETag: etag, 'Content-Length': '0' }).end();
        return;
      }
      case 'GET':
      case 'HEAD': {
        const object = objects.get(key);
        if (!object)
          throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', { Key: key });
        response.writeHead(200, {
          'Content-Type': object.contentType,
          'Content-Length': String(object.body.length),
          ETag: object.etag,
          'Last-Modified': object.lastModified.toUTCString(),
          'Accept-Ranges': 'bytes',
          ...(object.cacheControl ? { 'Cache-Control': object.cacheControl } : {}),
        });
        response.end(request.method === 'GET' ? object.body : undefined);
        return;
      }
      case 'DELETE':
        objects.delete(key);
        response.writeHead(204).end();
        return;
      default:
        throw new S3Error(
          405,
          'MethodNotAllowed',
          'The specified method is not allowed against this resource.',
        );
    }
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const requestId = randomBytes(8).toString('hex').toUpperCase();
      response.setHeader('x-amz-request-id', requestId);
      response.on('finish', () =>
        requests.push({
          method: request.method ?? '',
          path: (request.url ?? '').split('?')[0] ?? '',
          headers: request.headers,
          status: response.statusCode,
        }),
      );
      try {
        handle(request, response, Buffer.concat(chunks));
      } catch (error) {
        if (!(error instanceof S3Error)) throw error;
        // HEAD answers carry no body, so S3's HEAD errors are a status alone.
        if (request.method === 'HEAD') {
          response.writeHead(error.status).end();
          return;
        }
        const extra = Object.entries(error.extra)
          .map(([name, value]) => `<${name}>${xmlEscape(value)}</${name}>`)
          .join('');
        const xml =
          '<?xml version="1.0" encoding="UTF-8"?>\n' +
          `<Error><Code>${error.code}</Code><Message>${xmlEscape(error.message)}</Message>${extra}` +
          `<RequestId>${requestId}</RequestId><HostId>${randomBytes(24).toString('base64')}</HostId></Error>`;
        response.writeHead(error.status, { 'Content-Type': 'application/xml' }).end(xml);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;

  return {
    endpoint,
    bucket: bucketName,
    region,
    accessKeyId,
    secretAccessKey,
    requests,
    object: (key, bucket = bucketName) => buckets.get(bucket)?.get(key),
    keys: (bucket = bucketName) => [...(buckets.get(bucket)?.keys() ?? [])].sort(),
    env: () => ({
      S3_BUCKET: bucketName,
      S3_REGION: region,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
    }),
    reset() {
      requests.length = 0;
      for (const objects of buckets.values()) objects.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

import { createHash, createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type S3Config } from '@caravan/engine';
import { sha256Hex, signRequest } from './awsSigV4.ts';
import { createS3BlobStore } from './s3BlobStore.ts';
import { createBlobStore } from './index.ts';

const ACCESS_KEY = 'AKIDCARAVANTEST';
const SECRET_KEY = 'caravan/test/secret+key';
const REGION = 'eu-central-1';
const BUCKET = 'caravan-photos';

/**
 * A stand-in S3 on 127.0.0.1: checks each request's SigV4 Authorization header (its shape, the payload
 * hash, and the signature, recomputed here independently of the adapter) and keeps objects in memory.
 */
interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}
const objects = new Map<string, { bytes: Buffer; contentType: string }>();
let received: Received[] = [];
let failNext: number | null = null;

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

function expectedSignature(request: http.IncomingMessage, signedHeaders: string, date: string): string {
  const canonical = [
    request.method,
    new URL(request.url!, 'http://stand-in').pathname,
    '',
    ...signedHeaders.split(';').map((name) => `${name}:${String(request.headers[name]).trim()}`),
    '',
    signedHeaders,
    request.headers['x-amz-content-sha256'],
  ].join('\n');
  const scope = `${date}/${REGION}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', request.headers['x-amz-date'], scope, createHash('sha256').update(canonical).digest('hex')].join('\n');
  let key: Buffer = createHmac('sha256', `AWS4${SECRET_KEY}`).update(date).digest();
  for (const part of [REGION, 's3', 'aws4_request']) key = createHmac('sha256', key).update(part).digest();
  return createHmac('sha256', key).update(toSign).digest('hex');
}

const s3 = http.createServer(async (request, response) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  received.push({ method: request.method!, url: request.url!, headers: request.headers });
  const reply = (status: number, text = '', headers: Record<string, string> = {}) => response.writeHead(status, headers).end(text);

  if (failNext) {
    const status = failNext;
    failNext = null;
    return reply(status, '<Error><Code>InternalError</Code></Error>');
  }
  const match = AUTHORIZATION.exec(request.headers.authorization ?? '');
  if (!match) return reply(400, '<Error><Code>AuthorizationHeaderMalformed</Code></Error>');
  const [, accessKey, date, region, signedHeaders, signature] = match;
  const required = ['host', 'x-amz-content-sha256', 'x-amz-date'];
  if (
    accessKey !== ACCESS_KEY ||
    region !== REGION ||
    !required.every((name) => signedHeaders.split(';').includes(name)) ||
    request.headers['x-amz-date']?.slice(0, 8) !== date ||
    request.headers['x-amz-content-sha256'] !== createHash('sha256').update(body).digest('hex') ||
    signature !== expectedSignature(request, signedHeaders, date)
  ) {
    return reply(403, '<Error><Code>SignatureDoesNotMatch</Code></Error>');
  }

  const objectPath = new URL(request.url!, 'http://stand-in').pathname;
  if (request.method === 'PUT') {
    objects.set(objectPath, { bytes: body, contentType: String(request.headers['content-type']) });
    return reply(200);
  }
  const object = objects.get(objectPath);
  if (request.method === 'GET') {
    if (!object) return reply(404, '<Error><Code>NoSuchKey</Code></Error>');
    response.writeHead(200, { 'content-type': object.contentType, 'content-length': object.bytes.length }).end(object.bytes);
    return;
  }
  if (request.method === 'DELETE') {
    objects.delete(objectPath);
    return reply(204);
  }
  reply(405);
});

let config: S3Config;
beforeAll(async () => {
  await new Promise<void>((resolve) => s3.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(s3.address() as AddressInfo).port}`;
  config = loadConfig({
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `${endpoint}/`,
    S3_REGION: REGION,
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: SECRET_KEY,
  }).s3!;
});
afterAll(() => new Promise<void>((resolve) => s3.close(() => resolve())));
beforeEach(() => {
  received = [];
  failNext = null;
});

describe('S3 blob store', () => {
  it('is chosen when S3_BUCKET is set, and needs the keys then', () => {
    expect(createBlobStore({ dataDir: '/nowhere', s3: config }).kind).toBe('s3');
    expect(() => loadConfig({ S3_BUCKET: BUCKET })).toThrow(/S3_ACCESS_KEY_ID/);
    expect(loadConfig({}).s3).toBeNull();
  });

  it('puts, gets and deletes objects on path-style URLs with signed requests', async () => {
    const store = createS3BlobStore(config);
    const key = `${randomUUID()}.jpg`;
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);

    await store.put(key, bytes, 'image/jpeg');
    expect(received[0]).toMatchObject({ method: 'PUT', url: `/${BUCKET}/${key}` });
    expect(received[0].headers['content-type']).toBe('image/jpeg');
    expect(received[0].headers.authorization).toMatch(/SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date,/);
    expect(objects.get(`/${BUCKET}/${key}`)?.bytes).toEqual(bytes);

    expect(await store.get(key)).toEqual({ bytes, contentType: 'image/jpeg' });
    await store.delete(key);
    expect(objects.has(`/${BUCKET}/${key}`)).toBe(false);
    expect(await store.get(key)).toBeNull();
    await expect(store.delete(key)).resolves.toBeUndefined();
    expect(received.map((request) => request.method)).toEqual(['PUT', 'GET', 'DELETE', 'GET', 'DELETE']);
  });

  it('fails loudly when the bucket refuses the signature or errs', async () => {
    const wrongSecret = createS3BlobStore({ ...config, secretAccessKey: 'not-the-secret' });
    await expect(wrongSecret.put(`${randomUUID()}.jpg`, Buffer.from('x'), 'image/jpeg')).rejects.toMatchObject({ status: 403 });

    const store = createS3BlobStore(config);
    failNext = 500;
    await expect(store.get(`${randomUUID()}.jpg`)).rejects.toMatchObject({ status: 500 });
  });

  it('refuses keys that could leave the bucket path', async () => {
    const store = createS3BlobStore(config);
    await expect(store.get('../other-bucket/secret.jpg')).rejects.toThrow(/Invalid blob key/);
    expect(received).toHaveLength(0);
  });
});

describe('SigV4 signing', () => {
  it('reproduces the AWS documentation example (GET Object)', () => {
    const headers = signRequest(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { Range: 'bytes=0-9' },
        payloadHash: sha256Hex(''),
      },
      {
        credentials: { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
        region: 'us-east-1',
        service: 's3',
        now: new Date('2013-05-24T00:00:00Z'),
      },
    );
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

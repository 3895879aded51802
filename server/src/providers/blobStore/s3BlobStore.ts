/**
 * Blob store in an S3-compatible bucket (AWS S3, MinIO, R2...): PUT/GET/DELETE Object on path-style
 * URLs (`{endpoint}/{bucket}/{key}`), signed with SigV4. No SDK: these three calls are all we need.
 */
import type { S3Config } from '@caravan/engine';
import { signRequest, sha256Hex } from './awsSigV4.ts';
import { assertBlobKey, type StoredBlob, type BlobStore } from './blobStore.ts';

const EMPTY_PAYLOAD_HASH = sha256Hex('');
const REQUEST_TIMEOUT_MS = 30_000;

export class S3Error extends Error {
  constructor(
    readonly operation: string,
    readonly status: number,
    readonly responseBody: string,
  ) {
    super(`S3 ${operation} failed with HTTP ${status}`);
  }
}

export function createS3BlobStore(config: S3Config, fetchImpl: typeof fetch = fetch): BlobStore {
  const scope = {
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    region: config.region,
    service: 's3',
  };

  function objectUrl(key: string): URL {
    assertBlobKey(key);
    return new URL(`${config.endpoint}/${encodeURIComponent(config.bucket)}/${encodeURIComponent(key)}`);
  }

  async function send(method: string, key: string, body?: Buffer, contentType?: string): Promise<Response> {
    const url = objectUrl(key);
    const headers = signRequest(
      {
        method,
        url,
        headers: contentType ? { 'content-type': contentType } : {},
        payloadHash: body ? sha256Hex(body) : EMPTY_PAYLOAD_HASH,
      },
      scope,
    );
    return fetchImpl(url, {
      method,
      headers,
      body: body ? new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  }

  async function fail(operation: string, response: Response): Promise<never> {
    throw new S3Error(operation, response.status, (await response.text().catch(() => '')).slice(0, 1000));
  }

  return {
    kind: 's3',

    async put(key, bytes, contentType) {
      const response = await send('PUT', key, bytes, contentType);
      if (!response.ok) await fail('PutObject', response);
      await response.arrayBuffer();
    },

    async get(key): Promise<StoredBlob | null> {
      const response = await send('GET', key);
      if (response.status === 404) {
        await response.arrayBuffer();
        return null;
      }
      if (!response.ok) await fail('GetObject', response);
      return {
        bytes: Buffer.from(await response.arrayBuffer()),
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      };
    },

    async delete(key) {
      const response = await send('DELETE', key);
      if (!response.ok && response.status !== 404) await fail('DeleteObject', response);
      await response.arrayBuffer();
    },
  };
}

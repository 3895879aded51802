/**
 * One whole /trips/details answer as bytes, with its strong ETag (a digest, so equal tags are equal bodies in
 * any process) and its compressed forms, each made once, the first time a client accepts it: kept in the
 * trip stops cache, an answer is hashed and compressed once per document version and role, not per request.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type ContentCoding = 'br' | 'gzip';

/** Brotli at quality 5 compresses a 70 kB answer in about a millisecond to under a tenth; 11 takes tens of ms. */
const compressors: Record<ContentCoding, (body: Buffer) => Buffer> = {
  br: (body) =>
    brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    }),
  gzip: (body) => gzipSync(body),
};

export class DetailAnswer {
  readonly etag: string;
  readonly #encoded = new Map<ContentCoding, Buffer>();
  /** Told the bytes each compressed form adds, so the cache that keeps this answer counts them. */
  onGrow: (bytes: number) => void = () => {};

  constructor(readonly body: Buffer) {
    this.etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
  }

  /** The body and every compressed form made so far. */
  get bytes(): number {
    let bytes = this.body.length;
    for (const encoded of this.#encoded.values()) bytes += encoded.length;
    return bytes;
  }

  encoded(coding: ContentCoding): Buffer {
    let encoded = this.#encoded.get(coding);
    if (!encoded) {
      encoded = compressors[coding](this.body);
      this.#encoded.set(coding, encoded);
      this.onGrow(encoded.length);
    }
    return encoded;
  }

  /** The ETag of a compressed form: its own bytes, so its own strong tag ('.' is outside the digest's alphabet). */
  etagOf(coding: ContentCoding | null): string {
    return coding ? `${this.etag.slice(0, -1)}.${coding}"` : this.etag;
  }
}

/** Where photo bytes live: an interface with a local-folder and an S3-compatible adapter. */

export interface StoredBlob {
  bytes: Buffer;
  contentType: string;
}

export interface BlobStore {
  readonly kind: 'local' | 's3';
  /** Stores (or replaces) the object; resolves once it is durable. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under this key. */
  get(key: string): Promise<StoredBlob | null>;
  /** Removes the object; a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** File extension of each content type the stores accept; keys are `{uuid}.{extension}`. */
export const extensionByContentType: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

const KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp|gif)$/;

/**
 * Keys never come from users, but they end up in file paths and URLs: anything but a lowercase uuid
 * with a known extension (no slashes, no dots to climb out of the folder) is refused outright.
 */
export function assertBlobKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid blob key: ${JSON.stringify(key)}`);
}

export function contentTypeOfKey(key: string): string {
  assertBlobKey(key);
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return Object.keys(extensionByContentType).find((type) => extensionByContentType[type] === extension)!;
}

export function blobKeyFor(id: string, contentType: string): string {
  const extension = extensionByContentType[contentType];
  if (!extension) throw new Error(`No blob key extension for ${contentType}`);
  const key = `${id}.${extension}`;
  assertBlobKey(key);
  return key;
}

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createBlobStore } from './index.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caravan-blobs-'));
const uploads = path.join(dataDir, 'uploads');
const store = createBlobStore({ dataDir, s3: null });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('local blob store', () => {
  it('keeps objects under DATA_DIR/uploads/ and gives them back with their type', async () => {
    const key = `${randomUUID()}.jpg`;
    await store.put(key, Buffer.from('jpeg bytes'), 'image/jpeg');

    expect(fs.readFileSync(path.join(uploads, key), 'utf8')).toBe('jpeg bytes');
    expect(await store.get(key)).toEqual({ bytes: Buffer.from('jpeg bytes'), contentType: 'image/jpeg' });
    // Only the object itself: the temporary file was renamed into place.
    expect(fs.readdirSync(uploads)).toEqual([key]);

    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    expect(fs.existsSync(path.join(uploads, key))).toBe(false);
  });

  it('answers null for a missing key and deletes a missing key quietly', async () => {
    const key = `${randomUUID()}.png`;
    expect(await store.get(key)).toBeNull();
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it('replaces an object written twice', async () => {
    const key = `${randomUUID()}.webp`;
    await store.put(key, Buffer.from('first'), 'image/webp');
    await store.put(key, Buffer.from('second'), 'image/webp');
    expect((await store.get(key))?.bytes.toString()).toBe('second');
  });

  it.each(['../escape.jpg', `../${randomUUID()}.jpg`, `a/${randomUUID()}.jpg`, '/etc/passwd', `${randomUUID()}.svg`, `${randomUUID()}.jpg/..`, ''])(
    'refuses the key %j for every operation',
    async (key) => {
      await expect(store.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/Invalid blob key/);
      await expect(store.get(key)).rejects.toThrow(/Invalid blob key/);
      await expect(store.delete(key)).rejects.toThrow(/Invalid blob key/);
      expect(fs.existsSync(path.join(dataDir, 'escape.jpg'))).toBe(false);
    },
  );

  it('refuses a content type that does not match the key', async () => {
    await expect(store.put(`${randomUUID()}.jpg`, Buffer.from('x'), 'text/html')).rejects.toThrow();
  });
});

/**
 * Blob store in a local folder (the default, `${DATA_DIR}/uploads/`). A write goes to a temporary file
 * in the same folder and is renamed into place, so a reader never sees half a photo.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertBlobKey, contentTypeOfKey, type StoredBlob, type BlobStore } from './blobStore.ts';

export function createLocalBlobStore(directory: string): BlobStore {
  let ready: Promise<unknown> | null = null;
  const ensureDirectory = () => (ready ??= fs.mkdir(directory, { recursive: true }));
  const pathOf = (key: string) => {
    assertBlobKey(key);
    return path.join(directory, key);
  };

  return {
    kind: 'local',

    async put(key, bytes, contentType) {
      const target = pathOf(key);
      if (contentTypeOfKey(key) !== contentType) throw new Error(`Blob key ${key} does not match ${contentType}`);
      await ensureDirectory();
      const temporary = path.join(directory, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        const file = await fs.open(temporary, 'wx');
        try {
          await file.writeFile(bytes);
          await file.sync();
        } finally {
          await file.close();
        }
        await fs.rename(temporary, target);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },

    async get(key): Promise<StoredBlob | null> {
      const source = pathOf(key);
      try {
        return { bytes: await fs.readFile(source), contentType: contentTypeOfKey(key) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async delete(key) {
      await fs.rm(pathOf(key), { force: true });
    },
  };
}

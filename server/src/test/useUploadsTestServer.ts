/**
 * A test server (useTestServer) whose photo uploads go to a temp folder of its own, removed after the
 * file, with what a photo test reads back: the files in that folder and the file a photo URL names.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { photoIdFromUrl } from '../lib/photoUrls.ts';
import { useTestServer, type TestServer } from './useTestServer.ts';

export interface UploadsTestServer {
  t: TestServer;
  /** The files in the uploads folder, sorted by name. */
  uploadedFiles: () => string[];
  /** The uploads folder's file for a `/_api/photos/{id}` URL (photos are stored as JPEG). */
  photoFile: (url: string) => string;
}

export function useUploadsTestServer(folderPrefix: string): UploadsTestServer {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), folderPrefix));
  const uploads = path.join(dataDir, 'uploads');
  const t = useTestServer({ dataDir });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return {
    t,
    uploadedFiles: () => (fs.existsSync(uploads) ? fs.readdirSync(uploads).sort() : []),
    photoFile: (url) => `${photoIdFromUrl(url)}.jpg`,
  };
}

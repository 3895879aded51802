import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { downloadAll, PARALLEL_REQUESTS, RETRIES, type FileStore } from './downloadQueue.ts';

/** A tile service on a local port: each path answers its bytes; `flaky` paths fail their first answers, `broken` ones always. */
let origin = '';
let inFlight = 0;
let mostInFlight = 0;
const asked: string[] = [];
const failuresLeft = new Map<string, number>();
const broken = new Set<string>();
const notFound = new Set<string>();
const server = http.createServer((request, response) => {
  const path = request.url ?? '/';
  asked.push(path);
  inFlight++;
  mostInFlight = Math.max(mostInFlight, inFlight);
  setTimeout(() => {
    inFlight--;
    const left = failuresLeft.get(path) ?? 0;
    if (broken.has(path) || left > 0) {
      failuresLeft.set(path, left - 1);
      return response.writeHead(503).end();
    }
    if (notFound.has(path)) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end(Buffer.alloc(100 + path.length));
  }, 5);
});

/** The files a download put, as Cache Storage would hold them. */
function memoryStore(): FileStore & { files: Map<string, { bytes: number; contentType: string | null }> } {
  const files = new Map<string, { bytes: number; contentType: string | null }>();
  return {
    files,
    sizeOf: async (url) => files.get(url)?.bytes ?? null,
    put: async (url, body, contentType) => void files.set(url, { bytes: body.byteLength, contentType }),
  };
}

const urls = (count: number) => Array.from({ length: count }, (_, index) => `${origin}/14/${index}/6331.pbf`);
const sizeOf = (url: string) => 100 + new URL(url).pathname.length;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  asked.length = 0;
  mostInFlight = 0;
  failuresLeft.clear();
  broken.clear();
  notFound.clear();
});

describe('downloading a pack', () => {
  it('fetches every file into the store, a bounded number at a time, with progress in files and bytes', async () => {
    const store = memoryStore();
    const seen: number[] = [];
    const list = urls(40);
    const result = await downloadAll(list, { store, onProgress: (progress) => seen.push(progress.done) });
    expect(result).toMatchObject({ done: 40, total: 40, failed: 0, fetched: 40 });
    expect(result.bytes).toBe(list.reduce((sum, url) => sum + sizeOf(url), 0));
    expect(store.files.size).toBe(40);
    expect(store.files.get(list[0])?.contentType).toBe('application/x-protobuf');
    expect(mostInFlight).toBeGreaterThan(1);
    expect(mostInFlight).toBeLessThanOrEqual(PARALLEL_REQUESTS);
    expect(seen).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
  });

  it('asks nothing for files the store already holds (another pack brought them), yet counts their bytes', async () => {
    const store = memoryStore();
    const list = urls(10);
    await downloadAll(list.slice(0, 6), { store });
    asked.length = 0;
    const result = await downloadAll(list, { store });
    expect(asked).toHaveLength(4);
    expect(result.fetched).toBe(4);
    expect(result.bytes).toBe(list.reduce((sum, url) => sum + sizeOf(url), 0));
  });

  it('tries a failing file again, and reports those still failing after the retries without stopping the rest', async () => {
    const store = memoryStore();
    const list = urls(8);
    const flaky = new URL(list[1]).pathname;
    const dead = new URL(list[2]).pathname;
    const missing = new URL(list[3]).pathname;
    failuresLeft.set(flaky, RETRIES);
    broken.add(dead);
    notFound.add(missing);
    const result = await downloadAll(list, { store, retryPauseMs: 1 });
    expect(result.failedUrls.sort()).toEqual([list[2], list[3]].sort());
    expect(result).toMatchObject({ done: 8, failed: 2, fetched: 6 });
    expect(asked.filter((path) => path === flaky)).toHaveLength(RETRIES + 1);
    expect(asked.filter((path) => path === dead)).toHaveLength(RETRIES + 1);
    // A 404 will answer the same again: asked once.
    expect(asked.filter((path) => path === missing)).toHaveLength(1);
    expect(store.files.has(list[1])).toBe(true);
  });

  it('stops at the first file the store refuses (no space left), with its error', async () => {
    const store = memoryStore();
    const refusing: FileStore = {
      sizeOf: store.sizeOf,
      put: async (url, body, contentType) => {
        if (store.files.size >= 5) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        await store.put(url, body, contentType);
      },
    };
    await expect(downloadAll(urls(100), { store: refusing })).rejects.toThrow('quota');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked.length).toBeLessThan(5 + 2 * PARALLEL_REQUESTS);
  });

  it('stops when cancelled, keeping the files that came', async () => {
    const store = memoryStore();
    const abort = new AbortController();
    // Counted as the download asks, not as the service hears: a request sent just before the cancel may reach this
    // process's server a while later on a busy machine.
    const askedAfterCancel: string[] = [];
    let requests = 0;
    const fetchFile: typeof fetch = (input, init) => {
      requests++;
      if (abort.signal.aborted) askedAfterCancel.push(String(input));
      return fetch(input, init);
    };
    const result = await downloadAll(urls(200), {
      store,
      signal: abort.signal,
      fetchFile,
      onProgress: (progress) => progress.done === 20 && abort.abort(),
    });
    expect(result.done).toBeLessThan(200);
    expect(result.failed).toBe(0);
    expect(store.files.size).toBeGreaterThanOrEqual(20);
    expect(store.files.size).toBeLessThan(200);
    // Requests already sent when the cancel came may still be answered and stored; none is sent after.
    expect(askedAfterCancel).toEqual([]);
    expect(requests).toBeLessThanOrEqual(store.files.size + PARALLEL_REQUESTS);
  });
});

/**
 * Fetches a list of files into a store, a few at a time: what the store already holds is skipped (a tile another
 * pack brought, or one an earlier, stopped download got), a failure is tried again RETRIES times after a growing
 * pause, then counted as failed; progress after each file; an abort stops it between files, keeping what came.
 * A store that refuses a file (no space left) stops the download with its error.
 */

/**
 * Twenty-four at once: over HTTP/2 (OpenFreeMap's tiles, most tile hosts) they share one connection, and a pack's
 * time is the waits between answers more than the bytes (bench:offline-pack: a 2,000 km pack at 50 Mbit/s in ~39 s at
 * 24, ~110 s at 6); over HTTP/1.1 the browser itself holds all but six per host back.
 */
export const PARALLEL_REQUESTS = 24;
export const RETRIES = 2;
const RETRY_PAUSE_MS = 400;

/** Where the files go: Cache Storage in the page (packStore.ts). */
export interface FileStore {
  /** The stored size of the file, or null when the store does not have it. */
  sizeOf(url: string): Promise<number | null>;
  put(url: string, body: ArrayBuffer, contentType: string | null): Promise<void>;
}

export interface DownloadProgress {
  /** Files done (fetched, found stored, or failed) of `total`. */
  done: number;
  total: number;
  /** Bytes of the files done that are stored: fetched now or before. */
  bytes: number;
  failed: number;
}

export interface DownloadResult extends DownloadProgress {
  /** The addresses that still failed after their retries. */
  failedUrls: string[];
  /** How many were fetched now (not found stored). */
  fetched: number;
}

interface Options {
  store: FileStore;
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
  fetchFile?: typeof fetch;
  parallel?: number;
  retryPauseMs?: number;
}

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** A 4xx other than 408 and 429 will answer the same again. */
const worthRetrying = (status: number) => status >= 500 || status === 408 || status === 429;

class FetchFailed extends Error {
  constructor(readonly retry: boolean) {
    super('fetch failed');
  }
}

async function fetchInto(url: string, options: Options): Promise<number> {
  const fetchFile = options.fetchFile ?? fetch;
  let response: Response;
  try {
    response = await fetchFile(url, { signal: options.signal, credentials: 'omit' });
  } catch {
    throw new FetchFailed(true);
  }
  if (!response.ok) throw new FetchFailed(worthRetrying(response.status));
  const body = await response.arrayBuffer();
  await options.store.put(url, body, response.headers.get('content-type'));
  return body.byteLength;
}

export async function downloadAll(urls: readonly string[], options: Options): Promise<DownloadResult> {
  const total = urls.length;
  const result: DownloadResult = { done: 0, total, bytes: 0, failed: 0, failedUrls: [], fetched: 0 };
  const retryPause = options.retryPauseMs ?? RETRY_PAUSE_MS;
  let next = 0;

  async function one(url: string): Promise<void> {
    // Each size is awaited before it is added: `total += await size` would add to a total read before the wait.
    const stored = await options.store.sizeOf(url);
    if (stored !== null) {
      result.bytes += stored;
      return;
    }
    for (let attempt = 0; ; attempt++) {
      try {
        const size = await fetchInto(url, options);
        result.bytes += size;
        result.fetched++;
        return;
      } catch (error) {
        if (options.signal?.aborted) return;
        // The store refused (the device is out of space): every next file would fail the same way.
        if (!(error instanceof FetchFailed)) throw error;
        if (!error.retry || attempt >= RETRIES) {
          result.failed++;
          result.failedUrls.push(url);
          return;
        }
        await pause(retryPause * 3 ** attempt, options.signal);
      }
    }
  }

  let storeFailed = false;
  async function worker(): Promise<void> {
    while (next < total && !options.signal?.aborted && !storeFailed) {
      const url = urls[next++];
      try {
        await one(url);
      } catch (error) {
        storeFailed = true;
        throw error;
      }
      if (options.signal?.aborted) return;
      result.done++;
      options.onProgress?.({ done: result.done, total, bytes: result.bytes, failed: result.failed });
    }
  }

  await Promise.all(Array.from({ length: Math.min(options.parallel ?? PARALLEL_REQUESTS, total) }, worker));
  return result;
}

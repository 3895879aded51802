/**
 * The last few "Along the route" answers this browser received, kept in localStorage by request, so a search made
 * again without a connection to the server shows what was found before, with its age. A few only: an answer can
 * hold a thousand places, and localStorage holds a few MB for the whole app.
 */
import { ZCorridorSearchResponse, type TCorridorSearchRequest, type TCorridorSearchResponse } from '@caravan/shared';
import { z } from 'zod';

const STORAGE_KEY = 'caravan.alongRoute';
const KEPT = 5;

const ZKept = z.array(z.object({ key: z.string(), at: z.string(), answer: ZCorridorSearchResponse }));
type Kept = z.infer<typeof ZKept>;

const keyOf = (request: TCorridorSearchRequest) => JSON.stringify(request);

function read(): Kept {
  try {
    const parsed = ZKept.safeParse(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function keepAnswer(request: TCorridorSearchRequest, answer: TCorridorSearchResponse, now = new Date()): void {
  const key = keyOf(request);
  const kept = [{ key, at: now.toISOString(), answer }, ...read().filter((entry) => entry.key !== key)].slice(0, KEPT);
  // Full (a big answer, other data): the oldest go first, then none is kept rather than failing the search.
  for (let count = kept.length; count > 0; count -= 1) {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(kept.slice(0, count)));
      return;
    } catch {
      // Try with fewer.
    }
  }
}

/** The kept answer to this very request, marked as kept (not live) and dated when it was fetched; null when none. */
export function keptAnswer(request: TCorridorSearchRequest): TCorridorSearchResponse | null {
  const entry = read().find((one) => one.key === keyOf(request));
  if (!entry) return null;
  return { ...entry.answer, connection: entry.answer.connection === 'offline' ? 'offline' : 'cached', fetchedAt: entry.answer.fetchedAt ?? entry.at };
}

/**
 * Which collab process holds a trip: rendezvous (highest-random-weight) hashing of the trip id over the process
 * URLs. A pure function of (trip, URLs), so every API process picks the same process with no shared state, and
 * adding or removing a process moves only the trips that rank it first.
 */
import { createHash } from 'node:crypto';

/** The trip's weight on one process: the first 8 bytes of SHA-256(trip id, URL), as a big-endian number. */
function weight(tripId: string, url: string): bigint {
  // The NUL keeps ("ab", "c") and ("a", "bc") apart.
  return createHash('sha256').update(`${tripId.toLowerCase()}\0${url}`).digest().readBigUInt64BE(0);
}

/** `urls` in the trip's order of preference: the first holds it, the next takes it while the first is down. */
export function rankCollabProcesses(tripId: string, urls: readonly string[]): string[] {
  return urls
    .map((url) => ({ url, weight: weight(tripId, url) }))
    .sort((a, b) => (a.weight === b.weight ? a.url.localeCompare(b.url) : a.weight > b.weight ? -1 : 1))
    .map((ranked) => ranked.url);
}

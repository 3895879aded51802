/**
 * The presented stops of recently read trips (the bulk of a /trips/details answer), as JSON bytes, each
 * with the trip document's version it was read at. Every change to a trip's stops, journal entries or
 * their photos commits together with an append to the trip's document log
 * (docs/architecture.md#a-trip-changes-through-two-doors; journals bump a counter in the document), so the
 * log's newest id is a version of all three: the detail query reads it with the caller's access on every
 * request and builds the stops again only when it moved, whichever process wrote.
 *
 * Beside the stops, the whole answers last sent with them, each under the text of the access row its trip part was
 * made from (the trip's columns, the caller's role and the version, read fresh on every request): a repeated answer
 * is the same bytes, not a new 65 kB buffer per request for the garbage collector, with its ETag hashed and its
 * compressed forms made once (DetailAnswer), and the row is not even parsed. An answer is only ever kept in the entry
 * of the version its row names, so finding one by a row's text finds one made at that row's version.
 */

import { DetailAnswer } from './detailAnswer.ts';

/** A 50-stop trip with journals presents as ~65 kB: room for hundreds of busy trips. */
const MAX_BYTES = 64 * 1024 * 1024;
/** Owner, editor and viewer see different trip parts; one more for a trip row that just changed. */
const ANSWERS_PER_TRIP = 4;

const STOPS_KEY = Buffer.from(',"stops":');
const CLOSE = Buffer.from('}');

interface Entry {
  /** The document log position the stops were read at. */
  version: string;
  stops: Buffer;
  answers: Map<string, DetailAnswer>;
  bytes: number;
}

export class TripStopsCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly maxBytes = MAX_BYTES) {}

  /** The bytes kept: stops and whole answers. */
  get size(): number {
    return this.bytes;
  }

  set(tripId: string, version: string, stops: Buffer): void {
    this.delete(tripId);
    if (stops.length > this.maxBytes) return;
    this.entries.set(tripId, { version, stops, answers: new Map(), bytes: stops.length });
    this.grow(stops.length);
  }

  /** The answer made from an access row with exactly this text, while its version's stops are kept; else null. */
  madeFrom(tripId: string, row: string): DetailAnswer | null {
    const entry = this.entries.get(tripId);
    const answer = entry?.answers.get(row);
    if (!answer) return null;
    this.used(tripId, entry!);
    return answer;
  }

  /**
   * `{...trip, "stops": [...]}` for a trip part serialised as a JSON object, with the stops kept for
   * `version`, kept under the text of the access `row` (read at `version`) it was made from; null when no
   * stops are kept for `version`.
   */
  answer(tripId: string, version: string, row: string, trip: string): DetailAnswer | null {
    const entry = this.entries.get(tripId);
    if (entry?.version !== version) return null;
    this.used(tripId, entry);
    let answer = entry.answers.get(row);
    if (!answer) {
      answer = joinAnswer(trip, entry.stops);
      if (entry.answers.size >= ANSWERS_PER_TRIP) {
        const [oldest, dropped] = entry.answers.entries().next().value!;
        entry.answers.delete(oldest);
        entry.bytes -= dropped.bytes;
        this.bytes -= dropped.bytes;
      }
      entry.answers.set(row, answer);
      entry.bytes += answer.body.length;
      // A compressed form made later counts too, while this trip's entry still holds the answer.
      const kept = answer;
      kept.onGrow = (bytes) => {
        if (this.entries.get(tripId) !== entry || entry.answers.get(row) !== kept) return;
        entry.bytes += bytes;
        this.grow(bytes);
      };
      this.grow(answer.body.length);
    }
    return answer;
  }

  /** Most recently used last, so the oldest trip is evicted first. */
  private used(tripId: string, entry: Entry): void {
    this.entries.delete(tripId);
    this.entries.set(tripId, entry);
  }

  delete(tripId: string): void {
    const entry = this.entries.get(tripId);
    if (!entry) return;
    this.entries.delete(tripId);
    this.bytes -= entry.bytes;
  }

  private grow(bytes: number): void {
    this.bytes += bytes;
    for (const [tripId] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(tripId);
    }
  }
}

/** The trip part's closing brace gives way to the stops. */
export function joinAnswer(trip: string, stops: Buffer): DetailAnswer {
  return new DetailAnswer(Buffer.concat([Buffer.from(trip.slice(0, -1)), STOPS_KEY, stops, CLOSE]));
}

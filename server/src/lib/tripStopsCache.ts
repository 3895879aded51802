/**
 * The presented stops of recently read trips (the bulk of a /trips/details answer), as JSON bytes, each
 * with the trip document's version it was read at. Every change to a trip's stops, journal entries or
 * their photos commits together with an append to the trip's document log (ARCHITECTURE "Write paths";
 * journals bump a counter in the document), so the log's newest id is a version of all three: the detail
 * query reads it with the caller's access on every request and builds the stops again only when it
 * moved, whichever process wrote.
 */
export interface CachedStops {
  /** The document log position the stops were read at. */
  version: string;
  json: Buffer;
}

/** A 50-stop trip with journals presents as ~65 kB: room for hundreds of busy trips. */
const MAX_BYTES = 64 * 1024 * 1024;

export class TripStopsCache {
  private readonly entries = new Map<string, CachedStops>();
  private bytes = 0;

  constructor(private readonly maxBytes = MAX_BYTES) {}

  /** The stops kept for this version of the trip's document, if any. */
  get(tripId: string, version: string): Buffer | undefined {
    const entry = this.entries.get(tripId);
    if (!entry || entry.version !== version) return undefined;
    // Most recently used last, so the oldest is evicted first.
    this.entries.delete(tripId);
    this.entries.set(tripId, entry);
    return entry.json;
  }

  set(tripId: string, entry: CachedStops): void {
    this.delete(tripId);
    if (entry.json.length > this.maxBytes) return;
    this.entries.set(tripId, entry);
    this.bytes += entry.json.length;
    for (const [oldest, cached] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= cached.json.length;
    }
  }

  delete(tripId: string): void {
    const entry = this.entries.get(tripId);
    if (!entry) return;
    this.entries.delete(tripId);
    this.bytes -= entry.json.length;
  }
}

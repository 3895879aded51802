/**
 * Versions' documents as states, kept in this process: a version's document is then that state plus the chunks
 * after it (engine `versionUpdatesAfter`), not its history's base plus up to a thousand chunks, each decompressed
 * and applied. The newest version of each recently versioned trip is kept (the next version's summary diffs against
 * it), and every version read or rebuilt (someone browsing a trip's history reads versions near each other). A
 * version's state never changes, so an entry is right for as long as it is kept; a retention fold of old versions
 * is noticed by `versionUpdatesAfter`, which then answers null.
 */
/** Bytes of states kept, all trips together: a 500-stop trip's state with its history is some hundreds of KB. */
const KEEP_BYTES = 64 * 1024 * 1024;
/** States kept per trip. */
const KEEP_PER_TRIP = 16;

interface Entry {
  id: bigint;
  state: Uint8Array;
}

class VersionStates {
  /** By trip, least recently used first; each trip's entries in the order they were kept. */
  private readonly trips = new Map<string, Entry[]>();
  private bytes = 0;

  /** The kept state of the newest version at or before `id`. */
  nearest(tripId: string, id: bigint): Entry | null {
    let best: Entry | null = null;
    for (const entry of this.entriesOf(tripId)) if (entry.id <= id && (!best || entry.id > best.id)) best = entry;
    return best;
  }

  set(tripId: string, id: bigint, state: Uint8Array): void {
    const entries = this.entriesOf(tripId);
    const same = entries.findIndex((entry) => entry.id === id);
    if (same >= 0) this.bytes -= entries.splice(same, 1)[0].state.byteLength;
    entries.push({ id, state });
    this.bytes += state.byteLength;
    while (entries.length > KEEP_PER_TRIP) this.bytes -= entries.shift()!.state.byteLength;
    this.trips.set(tripId, entries);
    for (const [oldest, kept] of this.trips) {
      if (this.bytes <= KEEP_BYTES || oldest === tripId) break;
      for (const entry of kept) this.bytes -= entry.state.byteLength;
      this.trips.delete(oldest);
    }
  }

  /** Forgets every kept state (bench:history times reads with nothing near kept). */
  clear(): void {
    this.trips.clear();
    this.bytes = 0;
  }

  /** The trip's entries, the trip moved to most recently used. */
  private entriesOf(tripId: string): Entry[] {
    const entries = this.trips.get(tripId);
    if (!entries) return [];
    this.trips.delete(tripId);
    this.trips.set(tripId, entries);
    return entries;
  }
}

export const versionStates = new VersionStates();

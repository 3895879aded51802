/**
 * Each recently versioned trip's newest version as a state, in this process: the next version's summary diffs
 * against it, so taking versions every few minutes never rebuilds a long history from its base. A version's state
 * never changes, so an entry is right for as long as it is kept; a fold of old versions (retention) leaves newer
 * versions' states as they were.
 */
const KEEP = 64;

class LastVersionDocs {
  private readonly states = new Map<string, { id: bigint; state: Uint8Array }>();

  get(tripId: string, id: bigint): Uint8Array | null {
    const entry = this.states.get(tripId);
    return entry && entry.id === id ? entry.state : null;
  }

  set(tripId: string, id: bigint, state: Uint8Array): void {
    this.states.delete(tripId);
    this.states.set(tripId, { id, state });
    if (this.states.size > KEEP) this.states.delete(this.states.keys().next().value!);
  }
}

export const lastVersionDocs = new LastVersionDocs();

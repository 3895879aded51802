/**
 * Who wrote and who deleted each item of a trip document (docs/product.md#trip-history): read from the updates
 * each made by one member (the server's update log rows with their user id). An item's id is its client and clock;
 * an update names the clock range it creates per client and the ranges it deletes, so two sorted lists of ranges
 * per client answer both questions by binary search.
 */
import * as Y from 'yjs';
import { readUpdateRanges } from './updateRanges.ts';

export interface Attribution {
  /** The member whose update created the item with this id (a value set, an entry added), or null when unknown. */
  writerOf(id: Y.ID): number | null;
  /** The member whose update deleted the item with this id, or null when unknown. */
  deleterOf(id: Y.ID): number | null;
}

export const unknownAttribution: Attribution = { writerOf: () => null, deleterOf: () => null };

/** Clock ranges of one client, each with its member: built unsorted, then sorted once for the searches. */
class ClientRanges {
  private starts: number[] = [];
  private ends: number[] = [];
  private users: Array<number | null> = [];
  private sorted = true;

  add(start: number, end: number, userId: number | null): void {
    const last = this.starts.length - 1;
    // Consecutive structs of one update (and one member's consecutive updates) make one range.
    if (last >= 0 && this.ends[last] === start && this.users[last] === userId) {
      this.ends[last] = end;
      return;
    }
    if (last >= 0 && start < this.ends[last]) this.sorted = false;
    this.starts.push(start);
    this.ends.push(end);
    this.users.push(userId);
  }

  /** Sorts the ranges by start (ties: the first added) and clips overlaps, so each clock falls in at most one. */
  private sort(): void {
    const order = this.starts.map((_, index) => index).sort((a, b) => this.starts[a] - this.starts[b] || a - b);
    const [starts, ends, users] = [[] as number[], [] as number[], [] as Array<number | null>];
    let covered = -1;
    for (const index of order) {
      const start = Math.max(this.starts[index], covered);
      if (start >= this.ends[index]) continue;
      starts.push(start);
      ends.push(this.ends[index]);
      users.push(this.users[index]);
      covered = this.ends[index];
    }
    [this.starts, this.ends, this.users] = [starts, ends, users];
    this.sorted = true;
  }

  /** The member of the range holding `clock`; an item in two updates (a row repeated, a delete made at once by two) keeps the first. */
  find(clock: number): number | null {
    if (!this.sorted) this.sort();
    let low = 0;
    let high = this.starts.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (this.starts[middle] <= clock) {
        found = middle;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    return found >= 0 && clock < this.ends[found] ? this.users[found] : null;
  }
}

class RangeIndex {
  private clients = new Map<number, ClientRanges>();

  add(client: number, start: number, end: number, userId: number | null): void {
    let ranges = this.clients.get(client);
    if (!ranges) this.clients.set(client, (ranges = new ClientRanges()));
    ranges.add(start, end, userId);
  }

  find(id: Y.ID): number | null {
    return this.clients.get(id.client)?.find(id.clock) ?? null;
  }
}

/**
 * The item id ranges one member's updates wrote and deleted, as flat (client, start, end) triples: what attribution
 * needs of an update, kept beside a version's merged update (engine/src/history/versionChunk.ts) so nothing reads the
 * updates again to say who did what.
 */
export interface EditorRanges {
  userId: number | null;
  written: number[];
  deleted: number[];
}

/** The ranges as Y.decodeUpdate reads them; a row not even Yjs reads names nobody (its items stay unknown, the rest is read). */
function readByYjs(update: Uint8Array, write: (client: number, start: number, end: number) => void, remove: typeof write): void {
  let decoded: ReturnType<typeof Y.decodeUpdate>;
  try {
    decoded = Y.decodeUpdate(update);
  } catch {
    return;
  }
  for (const struct of decoded.structs) if (!(struct instanceof Y.Skip)) write(struct.id.client, struct.id.clock, struct.id.clock + struct.length);
  for (const [client, items] of decoded.ds.clients) for (const { clock, len } of items) remove(client, clock, clock + len);
}

/** Appends one update's ranges to `into` (./updateRanges.ts reads them without building items; Yjs reads a layout it does not know). */
function addRangesOf(update: Uint8Array, into: EditorRanges): void {
  const [written, deleted] = [into.written.length, into.deleted.length];
  const write = (client: number, start: number, end: number) => void into.written.push(client, start, end);
  const remove = (client: number, start: number, end: number) => void into.deleted.push(client, start, end);
  try {
    readUpdateRanges(update, write, remove);
  } catch {
    into.written.length = written;
    into.deleted.length = deleted;
    readByYjs(update, write, remove);
  }
}

/** The ranges of updates each made by one member, one entry per member in the order they first come. */
export function editorRangesOf(updates: Iterable<{ update: Uint8Array; userId: number | null }>): EditorRanges[] {
  const byEditor = new Map<number | null, EditorRanges>();
  for (const { update, userId } of updates) {
    let ranges = byEditor.get(userId);
    if (!ranges) byEditor.set(userId, (ranges = { userId, written: [], deleted: [] }));
    addRangesOf(update, ranges);
  }
  return [...byEditor.values()];
}

/** Attribution from members' ranges; a range given twice keeps the member given first. */
export function attributionOfRanges(list: Iterable<EditorRanges>): Attribution {
  const written = new RangeIndex();
  const deleted = new RangeIndex();
  for (const { userId, written: writes, deleted: deletes } of list) {
    for (let index = 0; index < writes.length; index += 3) written.add(writes[index], writes[index + 1], writes[index + 2], userId);
    for (let index = 0; index < deletes.length; index += 3) deleted.add(deletes[index], deletes[index + 1], deletes[index + 2], userId);
  }
  return { writerOf: (id) => written.find(id), deleterOf: (id) => deleted.find(id) };
}

/**
 * Attribution from updates each made by one member (e.g. the server's log rows with their user_id): exact item id
 * ranges from each update's structs, deletions from its delete set, read in the updates' order.
 */
export function attributionOf(updates: Iterable<{ update: Uint8Array; userId: number | null }>): Attribution {
  return attributionOfRanges(
    [...updates].map(({ update, userId }) => {
      const ranges: EditorRanges = { userId, written: [], deleted: [] };
      addRangesOf(update, ranges);
      return ranges;
    }),
  );
}

/**
 * Whether a replica's own edits to a trip are durable on the server. After committing a connection's
 * writes the collab server acknowledges them (COLLAB_MESSAGE_ACK) with a Yjs snapshot: the durable state
 * vector, and the deletions that connection sent which are now durable. An insertion is settled once the
 * acknowledged clocks cover it; a deletion advances no clock, so it is settled once an acknowledgement
 * (or an update from the server) lists it.
 */
import * as Y from 'yjs';

export type SaveState = 'saving' | 'saved' | 'offline';

type DeleteSet = ReturnType<typeof Y.createDeleteSet>;

interface DeletedRange {
  client: number;
  clock: number;
  len: number;
}

/** The document's state vector as a map (Yjs exports no direct reader, only the encoded form). */
export const stateVector = (doc: Y.Doc): Map<number, number> => Y.decodeStateVector(Y.encodeStateVector(doc));

/** One connection's acknowledgement payload, given which of its deletions are durable. */
export type AckEncoder = (deletes?: DeleteSet[]) => Uint8Array;

/**
 * Encodes acknowledgements that share one durable state (a batch's writers): what is durable, and which of
 * each connection's deletions are. The state vector, an entry per Yjs client that ever wrote to the trip,
 * is encoded once for all of them.
 */
export function ackEncoder(durable: Y.Doc | Map<number, number>): AckEncoder {
  const vector = Y.encodeStateVector(durable);
  return (deletes = []) => {
    // A snapshot is its delete set followed by its state vector; an empty vector is the single byte 0.
    const withEmptyVector = Y.encodeSnapshot(Y.createSnapshot(Y.mergeDeleteSets(deletes), new Map()));
    const ack = new Uint8Array(withEmptyVector.length - 1 + vector.length);
    ack.set(withEmptyVector.subarray(0, -1));
    ack.set(vector, withEmptyVector.length - 1);
    return ack;
  };
}

/**
 * Per Yjs client, the clock up to which this replica need not wait for anything: what acknowledgements said
 * is durable, plus everything the server itself sent. The latter counts because other people's edits are not
 * ours to save: the server fans them out before it commits them and acknowledges only the writer.
 */
export class SettledState {
  private readonly clocks = new Map<number, number>();
  private pendingDeletes: DeletedRange[] = [];

  /** Call with every transaction this replica made itself (not the server's updates). */
  noteLocalTransaction(transaction: Y.Transaction): void {
    for (const [client, ranges] of transaction.deleteSet.clients) {
      for (const { clock, len } of ranges) this.pendingDeletes.push({ client, clock, len });
    }
  }

  settleAck(ack: Uint8Array): void {
    const { sv, ds } = Y.decodeSnapshot(ack);
    this.settleClocks(sv);
    this.settleDeletes(ds);
  }

  settleFromServer(update: Uint8Array): void {
    this.settleClocks(Y.parseUpdateMeta(update).to);
    if (this.pendingDeletes.length) this.settleDeletes(Y.decodeUpdate(update).ds);
  }

  /** The acknowledged state vector: edits it covers are durable. */
  settledClocks(): ReadonlyMap<number, number> {
    return this.clocks;
  }

  /** True when nothing made on this replica awaits an acknowledgement. */
  covers(doc: Y.Doc): boolean {
    if (this.pendingDeletes.length) return false;
    for (const [client, clock] of stateVector(doc)) {
      if (clock > (this.clocks.get(client) ?? 0)) return false;
    }
    return true;
  }

  private settleClocks(clocks: Map<number, number>): void {
    for (const [client, clock] of clocks) {
      if (clock > (this.clocks.get(client) ?? 0)) this.clocks.set(client, clock);
    }
  }

  private settleDeletes(ds: DeleteSet): void {
    if (!this.pendingDeletes.length || !ds.clients.size) return;
    this.pendingDeletes = this.pendingDeletes.filter((range) => !isRangeDeleted(ds, range));
  }
}

function isRangeDeleted(ds: DeleteSet, { client, clock, len }: DeletedRange): boolean {
  for (let at = clock; at < clock + len; at++) if (!Y.isDeleted(ds, Y.createID(client, at))) return false;
  return true;
}

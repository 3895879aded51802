/**
 * A trip document as the server keeps it, for tests: each member edits their own replica, and every update they
 * send is applied to the server's document and kept as a log row with its member, as the update log keeps them.
 */
import * as Y from 'yjs';

export interface LogRow {
  update: Uint8Array;
  userId: number | null;
}

/** A copy of `doc` as it is now (a version rebuilt from the log). */
export function copyDoc(doc: Y.Doc): Y.Doc {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  return copy;
}

export class TripLog {
  readonly doc = new Y.Doc();
  readonly rows: LogRow[] = [];
  private readonly replicas = new Map<number | null, Y.Doc>();

  /** `userId` edits their replica (brought up to date first); each update it makes lands on the server with their id. */
  as(userId: number | null, edit: (doc: Y.Doc) => void): void {
    let replica = this.replicas.get(userId);
    if (!replica) this.replicas.set(userId, (replica = new Y.Doc()));
    Y.applyUpdate(replica, Y.encodeStateAsUpdate(this.doc, Y.encodeStateVector(replica)));
    const sent: Uint8Array[] = [];
    const send = (update: Uint8Array) => sent.push(update);
    replica.on('update', send);
    edit(replica);
    replica.off('update', send);
    for (const update of sent) {
      Y.applyUpdate(this.doc, update);
      this.rows.push({ update, userId });
    }
  }

  /** The server's document as it is now. */
  version(): Y.Doc {
    return copyDoc(this.doc);
  }
}

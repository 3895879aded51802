/**
 * One connection's writes that are applied (and fanned out) but not yet known to be kept: their commit checks the
 * writer's role under the trip's row lock (./writerRoles.ts), and a writer who lost the role they were checked
 * with has them undone. A Yjs UndoManager over the whole document, tracking only this connection's transactions,
 * records each write's insertions and deletions and keeps what they deleted from garbage collection, so an undo
 * can put it back; once a commit confirms writes, their records are dropped and what they deleted is collected
 * as it would have been at once. The manager exists only while the connection has writes awaiting a commit.
 */
import * as Y from 'yjs';
import type { TTripRole } from '@caravan/shared';

const RANK: Record<TTripRole, number> = { viewer: 1, editor: 2, owner: 3 };

/** Whether `role` may do everything `checkedAs` may (owner, then editor, then viewer). */
export const covers = (role: TTripRole | null, checkedAs: TTripRole) => role !== null && RANK[role] >= RANK[checkedAs];

/** The origin of a change the server derived from one connection's write (its activity entries): the room's derived change, in the ledger. */
export class DerivedFrom {}

/** The writes a batch covers: the first `items` records, checked with at most `role`. */
export interface LedgerMark {
  items: number;
  role: TTripRole;
}

type StackItem = Y.UndoManager['undoStack'][number];

export class WriteLedger {
  readonly derivedOrigin = new DerivedFrom();
  private undo: Y.UndoManager | null = null;
  /** The highest role the writes since the last mark were checked with. */
  private role: TTripRole | null = null;

  constructor(
    private readonly doc: Y.Doc,
    private readonly origin: object,
  ) {}

  /** Whether writes await a commit's verdict. */
  get pending(): boolean {
    return this.undo !== null && this.undo.undoStack.length > 0;
  }

  /** Call right before applying a write that passed the checks as `role`. */
  record(role: TTripRole): void {
    this.undo ??= new Y.UndoManager(this.doc, {
      trackedOrigins: new Set([this.origin, this.derivedOrigin]),
      // Asked first for every transaction on the document: another origin's costs two comparisons. A write that
      // changed nothing (a client's first sync step 2, say) leaves no record.
      captureTransaction: (transaction) =>
        (transaction.origin === this.origin || transaction.origin === this.derivedOrigin) &&
        (transaction.changed.size > 0 || transaction.deleteSet.clients.size > 0),
    });
    if (this.role === null || !covers(this.role, role)) this.role = role;
  }

  /** Call right after applying the write: one that changed nothing, with nothing else awaiting a commit, keeps no manager. */
  recorded(): void {
    if (!this.pending) this.stop();
  }

  /** Closes the writes so far into a batch about to commit (null: none); later writes start a record of their own. */
  mark(): LedgerMark | null {
    if (!this.undo?.undoStack.length || this.role === null) return null;
    this.undo.stopCapturing();
    const mark = { items: this.undo.undoStack.length, role: this.role };
    this.role = null;
    return mark;
  }

  /** The batch did not commit: its writes go with the next one. */
  unmark(mark: LedgerMark): void {
    if (this.role === null || !covers(this.role, mark.role)) this.role = mark.role;
  }

  /** The batch committed with the writer's role confirmed: its writes are kept. */
  confirm(mark: LedgerMark): void {
    const undo = this.undo;
    if (!undo) return;
    release(this.doc, undo.undoStack.splice(0, mark.items));
    if (!undo.undoStack.length) this.stop();
  }

  /** Undoes every write awaiting a verdict, inside `transact` (the room's derived change), and forgets them. */
  revert(transact: (change: () => void) => void): void {
    const undo = this.undo;
    if (!undo) return;
    const records = [...undo.undoStack];
    transact(() => {
      while (undo.undoStack.length) undo.undo();
    });
    release(this.doc, records);
    this.stop();
  }

  /** Forgets every record (none left, or the room is gone). */
  stop(): void {
    this.undo?.destroy();
    this.undo = null;
    this.role = null;
  }
}

/**
 * Lets what `records` deleted be collected, as Yjs would have at the end of the transaction that deleted it had
 * nothing kept it: each deleted item of theirs, no longer kept, has its content dropped (Item.gc, what Yjs' own
 * collection does after a transaction).
 */
function release(doc: Y.Doc, records: StackItem[]): void {
  for (const { deletions } of records) {
    for (const [client, ranges] of deletions.clients) {
      const structs = doc.store.clients.get(client);
      if (!structs) continue;
      for (const { clock, len } of ranges) {
        for (let index = Y.findIndexSS(structs, clock); index < structs.length && structs[index].id.clock < clock + len; index++) {
          const struct = structs[index];
          if (!(struct instanceof Y.Item) || !struct.deleted) continue;
          unkeep(struct);
          if (doc.gc && doc.gcFilter(struct)) struct.gc(doc.store, false);
        }
      }
    }
  }
}

function unkeep(item: Y.Item | null): void {
  while (item !== null && item.keep) {
    item.keep = false;
    item = (item.parent as Y.AbstractType<unknown>)._item;
  }
}

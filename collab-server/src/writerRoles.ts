/**
 * A role change is in force when its call answers (docs/architecture.md#where-each-rule-lives): the collab server
 * learns of it by notification (./accessWatcher.ts), a few milliseconds after the REST call committed, and writes a
 * demoted or removed member sent in between passed the checks under the old role. So each batch's commit checks its
 * writers' roles where the truth is: in the commit's transaction, under the trip's row lock, after catching up on
 * every commit before it. A writer who no longer has the role their writes were checked with has them undone
 * (./writeLedger.ts) before anything is written, and the batch commits with the undo in it.
 *
 * Cheap: every role change and removal commits a `membersVersion` bump in the trip's document in the same
 * transaction (server/src/commands/memberRoleChanger.ts, memberRemover.ts). The roles are read under the lock when
 * the document's `membersVersion` differs from the one they were last read at, or a writer's role was never read
 * so (a new connection's first batch, a role raised since); otherwise the batch takes the fast path, whose guard
 * (the log still ends where this process applied it) proves no role change committed since.
 */
import type * as Y from 'yjs';
import type { EntityManager } from 'typeorm';
import { COLLAB_CLOSE, metaMap, type TTripRole } from '@caravan/shared';
import { findTripRoles, type CommitCheck } from '@caravan/engine';
import type { Connection } from './connection.ts';
import { covers, type LedgerMark } from './writeLedger.ts';

export const ACCESS_REMOVED_REASON = 'Access to this trip was removed';

/** Writers of the batch lost the role their writes were checked with: nothing was written. */
export class WritersLostAccess extends Error {
  constructor(readonly writers: readonly Connection[]) {
    super(`${writers.length} writer(s) lost their role`);
  }
}

/** What the check needs of its room. */
export interface RolesRoom {
  readonly tripId: string;
  readonly connections: ReadonlySet<Connection>;
}

const membersVersion = (doc: Y.Doc) => metaMap(doc).get('membersVersion') ?? 0;
const NEVER = Symbol('never read');

export class WriterRoles {
  /** The document's `membersVersion` when every open connection's role was last read under the trip's lock. */
  private readAt: unknown = NEVER;

  constructor(private readonly room: RolesRoom) {}

  /**
   * Someone's access to the trip may have changed (a notification: ./accessWatcher.ts): the next commit reads the
   * roles under the lock, whatever the document says (a change made without a `membersVersion` bump is caught too
   * once its notification arrives).
   */
  invalidate(): void {
    this.readAt = NEVER;
  }

  /** The check for a batch whose writers' records are `marks`. */
  check(marks: ReadonlyMap<Connection, LedgerMark>): CommitCheck {
    return {
      isCurrent: (doc) => {
        if (membersVersion(doc) !== this.readAt) return false;
        for (const [writer, mark] of marks) if (!covers(writer.verifiedRole, mark.role)) return false;
        return true;
      },
      verify: (manager, doc) => this.verify(manager, doc, marks),
    };
  }

  private async verify(manager: EntityManager, doc: Y.Doc, marks: ReadonlyMap<Connection, LedgerMark>): Promise<void> {
    const version = membersVersion(doc);
    // Every open connection's, not only the writers': a later batch of theirs may take the fast path. Those open
    // now: one that joins while the roles are read was given its role by its join, and is read at the next change.
    const connections = new Set([...this.room.connections, ...marks.keys()]);
    const roles = await findTripRoles(manager, this.room.tripId, [...new Set([...connections].map((connection) => connection.user.id))]);
    for (const connection of connections) apply(connection, roles.get(connection.user.id) ?? null);
    const lost = [...marks].filter(([writer, mark]) => !covers(writer.verifiedRole, mark.role)).map(([writer]) => writer);
    if (lost.length) throw new WritersLostAccess(lost);
    this.readAt = version;
  }
}

/** The role read under the lock is the connection's from now on; no role closes it (as ./accessWatcher.ts would). */
function apply(connection: Connection, role: TTripRole | null): void {
  connection.verifiedRole = role;
  if (role) connection.role = role;
  else connection.close(COLLAB_CLOSE.accessRevoked, ACCESS_REMOVED_REASON);
}

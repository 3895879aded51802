/**
 * REST's writes to the trip document's parts (shared/src/parts): in the trip's write, under its row lock, the
 * writer's role and the trip's members are read as they are now, the part writers' key writes are judged by the
 * same rule the live door holds a member's update to, then applied with what the rule puts right and the activity
 * they record, and committed with the call's SQL. A refusal writes nothing.
 */
import type * as Y from 'yjs';
import type { EntityManager } from 'typeorm';
import { activityOf, applyKeyWrites, judgeWrites, messages, restRefusal, type KeyWrite, type PartWriter, type TTripRole } from '@caravan/shared';
import { AppError } from '../lib/appError.ts';
import { tripMemberNames } from '../tripMemberNames.ts';
import { findTripRoles } from '../tripRole.ts';
import { recordActivity, type ActivityActor } from './activityRecorder.ts';
import { serverOrigin } from './origins.ts';
import type { TripDocHub } from './tripDocHub.ts';

export interface PartWriteContext {
  doc: Y.Doc;
  manager: EntityManager;
  writer: PartWriter;
}

/**
 * Writes what `build` answers as `actor`, whom the route let in as `role`; `answer` reads the result from the
 * document once applied, in the same transaction (what it writes with `manager` commits with the change). A refusal
 * is a 400 with the rule's words, or what its part answers for it (`restAnswer`: a 403 for who may not, a 409 for
 * what is closed), or a 403 when the writer's role changed meanwhile.
 */
export async function writeParts<T>(
  tripDocs: TripDocHub,
  tripId: string,
  actor: ActivityActor,
  role: TTripRole,
  build: (context: PartWriteContext) => KeyWrite[] | Promise<KeyWrite[]>,
  answer: (doc: Y.Doc, manager: EntityManager) => T | Promise<T>,
  now: Date = new Date(),
): Promise<T> {
  return tripDocs.write(tripId, serverOrigin(actor.id), async ({ doc, manager, transact, callerRole }) => {
    // A trip call's write has its caller's role read under the lock already; a command run on its own reads it here.
    const lockedRole = callerRole ?? (await findTripRoles(manager, tripId, [actor.id])).get(actor.id);
    const members = await tripMemberNames(manager, tripId);
    if (!lockedRole) throw new AppError('forbidden', messages.common.forbidden);
    const writer: PartWriter = { role: lockedRole, userId: actor.id, members };
    const writes = await build({ doc, manager, writer });
    const verdict = judgeWrites(doc, writes, writer, now);
    if (verdict.refusal !== null) {
      // A role changed while the call waited: the route would refuse it now.
      if (lockedRole !== role) throw new AppError('forbidden', messages.common.forbidden);
      const { code, message } = restRefusal(verdict.refusal);
      throw new AppError(code, message);
    }
    transact(() => {
      const changes = applyKeyWrites(doc, [...writes, ...verdict.rewrites]);
      for (const { type, data } of activityOf(doc, changes, writer)) recordActivity(doc, actor, type, data, now);
    });
    return answer(doc, manager);
  });
}

/**
 * Writes a stop's plan fields (kind, stay, fixed time, opening hours, overnight, lodging) and records
 * 'stop_plan_updated' in the same transaction, as a member's live edit of them does
 * (collab-server/src/liveStopChanges.ts); a call that changes nothing records nothing. Lodging belongs to an
 * overnight stop: turning overnight off clears it here, and lodging sent to a stop that stays non-overnight is refused.
 */
import { findStop, planMessages, PLAN_STOP_FIELD_KEYS, updateStop, type PlanStopFields, type TUpdateStopPlanRequest } from '@caravan/shared';
import { AppError, recordStopChange, serverOrigin, stopKeyOrNotFound, type TripDocHub, type User } from '@caravan/engine';

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

export function stopPlanUpdater(tripDocs: TripDocHub, actor: User, { tripId, stopId, ...sent }: TUpdateStopPlanRequest): Promise<void> {
  return tripDocs.write(tripId, serverOrigin(actor.id), ({ doc, transact }) => {
    const key = stopKeyOrNotFound(doc, stopId);
    const before = findStop(doc, key)!;
    const plan: Partial<PlanStopFields> = { ...sent };
    const overnight = plan.overnight ?? before.overnight;
    if (!overnight && plan.lodging) throw new AppError('validation', planMessages.lodgingNeedsOvernight);
    if (!overnight) plan.lodging = null;
    const changed = PLAN_STOP_FIELD_KEYS.filter((field) => plan[field] !== undefined && !same(plan[field], before[field]));
    if (!changed.length) return;
    transact(() => {
      // updateStop skips a value equal by identity only: a lodging is written whole, and only when it differs.
      updateStop(doc, key, Object.fromEntries(changed.map((field) => [field, plan[field]])));
      recordStopChange(doc, actor, { kind: 'planned', stopId: key, stopName: before.name });
    });
  });
}

/**
 * Removes a member from a trip (owner only; never the owner). Deleting the membership row fires the
 * trip_access notification, which closes the member's open websockets (4410) as soon as this commits;
 * the activity entry and the members change signal go out in the same transaction.
 */
import { messages, isRemovableMember } from '@caravan/shared';
import { AppError, bumpVersion, recordActivity, serverOrigin, type TripDocHub, type User } from '@caravan/engine';

export async function memberRemover(
  tripDocs: TripDocHub,
  actor: User,
  params: { tripId: string; userIdToRemove: number },
): Promise<void> {
  await tripDocs.write(params.tripId, serverOrigin(actor.id), async ({ doc, manager, transact }) => {
    const [member] = await manager.query(
      `SELECT m.role, u.display_name AS "displayName"
         FROM trip_members m JOIN users u ON u.id = m.user_id
        WHERE m.trip_id = $1 AND m.user_id = $2
        FOR UPDATE OF m`,
      [params.tripId, params.userIdToRemove],
    );
    if (!member) throw new AppError('not_found', messages.collaboration.members.notFound);
    if (!isRemovableMember(member.role)) throw new AppError('forbidden', messages.collaboration.members.cannotRemoveOwner);
    await manager.query(`DELETE FROM trip_members WHERE trip_id = $1 AND user_id = $2`, [params.tripId, params.userIdToRemove]);
    transact(() => {
      recordActivity(doc, actor, 'member_removed', { removedMemberName: member.displayName, removedUserId: params.userIdToRemove });
      bumpVersion(doc, 'membersVersion');
    });
  });
}

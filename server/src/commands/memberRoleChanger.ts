/**
 * Makes a member an editor or a viewer (owner only; never the owner). Updating the membership row fires the
 * trip_access notification, so the member's open websockets take the new role for their next message
 * without reconnecting; the activity entry and the members change signal go out in the same transaction.
 */
import { messages, isRoleChangeable, type TInvitableRole, type TTripMember } from '@caravan/shared';
import { AppError, bumpVersion, recordActivity, serverOrigin, type TripDocHub, type User } from '@caravan/engine';
import { presentMember, type MemberFields } from '../presenters/member.ts';

export async function memberRoleChanger(
  tripDocs: TripDocHub,
  actor: User,
  params: { tripId: string; userId: number; role: TInvitableRole },
): Promise<TTripMember> {
  return tripDocs.write(params.tripId, serverOrigin(actor.id), async ({ doc, manager, transact }) => {
    const [member]: MemberFields[] = await manager.query(
      `SELECT u.id AS "userId", u.display_name AS "displayName", u.email, u.avatar_url AS "avatarUrl", m.role
         FROM trip_members m JOIN users u ON u.id = m.user_id
        WHERE m.trip_id = $1 AND m.user_id = $2
        FOR UPDATE OF m`,
      [params.tripId, params.userId],
    );
    if (!member) throw new AppError('not_found', messages.collaboration.members.notFound);
    if (!isRoleChangeable(member.role)) throw new AppError('forbidden', messages.collaboration.members.cannotChangeOwnerRole);
    // Choosing the role a member already has changes nothing and says nothing.
    if (member.role === params.role) return presentMember(member);
    await manager.query(`UPDATE trip_members SET role = $3 WHERE trip_id = $1 AND user_id = $2`, [params.tripId, params.userId, params.role]);
    transact(() => {
      recordActivity(doc, actor, 'member_role_changed', { memberName: member.displayName, memberUserId: member.userId, role: params.role });
      bumpVersion(doc, 'membersVersion');
    });
    return presentMember({ ...member, role: params.role });
  });
}

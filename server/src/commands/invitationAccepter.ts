/**
 * Accepts an invitation for the signed-in account (rules in policies/invitationPolicy.ts). A new member
 * gets the invited role; someone already on the trip keeps theirs. Membership, the accepted mark, the
 * member_joined entry and the members change signal commit together; the invitation row is locked and
 * checked again inside the transaction, so two accepts of one link cannot both succeed.
 */
import type { DataSource } from 'typeorm';
import type { TAcceptInvitationRequest, TAcceptInvitationResponse, TTripRole } from '@caravan/shared';
import { bumpVersion, recordActivity, serverOrigin, type TripDocHub, type User } from '@caravan/engine';
import { assertInvitationUsable, assertInvitee } from '../policies/invitationPolicy.ts';
import { invitationByToken } from '../queries/invitationLookup.ts';

export async function invitationAccepter(
  deps: { dataSource: DataSource; tripDocs: TripDocHub },
  user: User,
  { invitationToken: token }: TAcceptInvitationRequest,
): Promise<TAcceptInvitationResponse> {
  const found = await invitationByToken(deps.dataSource, token);
  assertInvitationUsable(found);
  assertInvitee(found, user);

  return deps.tripDocs.write(found.tripId, serverOrigin(user.id), async ({ doc, manager, transact }) => {
    const invitation = await invitationByToken(manager, token, { lock: true });
    assertInvitationUsable(invitation);
    assertInvitee(invitation, user);
    const [joined] = await manager.query(
      `INSERT INTO trip_members (trip_id, user_id, role) VALUES ($1, $2, $3)
       ON CONFLICT (trip_id, user_id) DO NOTHING RETURNING role`,
      [invitation.tripId, user.id, invitation.role],
    );
    const [{ role }]: Array<{ role: TTripRole }> = joined
      ? [joined]
      : await manager.query(`SELECT role FROM trip_members WHERE trip_id = $1 AND user_id = $2`, [invitation.tripId, user.id]);
    await manager.query(`UPDATE invitations SET accepted_at = now(), accepted_by = $2, updated_at = now() WHERE id = $1`, [
      invitation.id,
      user.id,
    ]);
    transact(() => {
      if (joined) recordActivity(doc, user, 'member_joined', { role });
      bumpVersion(doc, 'membersVersion');
    });
    return { tripId: invitation.tripId, role };
  });
}

/**
 * Invites someone to a trip by e-mail (owner or editor). One pending invitation per trip and address:
 * inviting again renews it (the new role, a fresh 7-day expiry, the same link). The invitation, its
 * activity entry and the members change signal commit together; the e-mail is sent after the commit, so
 * a slow mail server never holds the trip's document lock. If sending fails the caller gets an error and
 * the invitation stays pending: inviting again renews it and sends the e-mail again.
 */
import { INVITATION_TTL_MS, messages, type TInvitableRole, type TInviteMemberResponse } from '@caravan/shared';
import {
  AppError,
  bumpVersion,
  type Logger,
  randomToken,
  recordActivity,
  serverOrigin,
  type Trip,
  type TripDocHub,
  type User,
} from '@caravan/engine';
import { invitationEmail, invitationLink, type Mailer } from '../providers/mail/index.ts';
import { invitationListQuery } from '../queries/invitationList.ts';

export interface MemberInviterDeps {
  tripDocs: TripDocHub;
  mailer: Mailer;
  publicOrigin: string;
  logger: Logger;
}

export async function memberInviter(
  deps: MemberInviterDeps,
  inviter: User,
  { trip, ...params }: { trip: Trip; email: string; role: TInvitableRole },
  now: Date = new Date(),
): Promise<TInviteMemberResponse> {
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const { invitation, renewed } = await deps.tripDocs.write(trip.id, serverOrigin(inviter.id), async ({ doc, manager, transact }) => {
    const [member] = await manager.query(
      `SELECT 1 FROM trip_members m JOIN users u ON u.id = m.user_id WHERE m.trip_id = $1 AND lower(u.email) = $2`,
      [trip.id, params.email],
    );
    if (member) throw new AppError('conflict', messages.collaboration.invitations.alreadyMember);

    const [pending]: Array<{ id: string }> = await manager.query(
      `SELECT id FROM invitations WHERE trip_id = $1 AND lower(invited_email) = $2 AND accepted_at IS NULL FOR UPDATE`,
      [trip.id, params.email],
    );
    let id: string;
    if (pending) {
      id = pending.id;
      await manager.query(
        `UPDATE invitations SET role = $2, expires_at = $3, invited_by = $4, updated_at = now() WHERE id = $1`,
        [id, params.role, expiresAt, inviter.id],
      );
    } else {
      [{ id }] = await manager.query(
        `INSERT INTO invitations (trip_id, invited_email, role, token, invited_by, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [trip.id, params.email, params.role, randomToken(), inviter.id, expiresAt],
      );
    }

    transact(() => {
      recordActivity(doc, inviter, 'member_invited', { invitedEmail: params.email, role: params.role, ...(pending && { renewed: true }) });
      bumpVersion(doc, 'membersVersion');
    });
    const [invitation] = await invitationListQuery(manager, trip.id, id);
    return { invitation, renewed: Boolean(pending) };
  });

  try {
    await deps.mailer.send({
      to: invitation.invitedEmail,
      ...invitationEmail({
        inviterName: inviter.displayName,
        tripTitle: trip.title,
        role: invitation.role,
        link: invitationLink(deps.publicOrigin, invitation.invitationToken),
        expiresAt,
      }),
    });
  } catch (error) {
    deps.logger.warn({ err: error }, 'invitation e-mail failed');
    throw new AppError('bad_gateway', messages.collaboration.invitationEmailFailed);
  }
  return { ...invitation, renewed };
}

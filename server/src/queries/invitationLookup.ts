/** Finds an invitation by its token, with the trip's title and the inviter's name (the invitation page). */
import type { DataSource, EntityManager } from 'typeorm';
import type { InvitationFields } from '../presenters/invitation.ts';
import { INVITATION_COLUMNS } from './invitationList.ts';

export interface InvitationWithTrip extends InvitationFields {
  tripId: string;
  tripTitle: string;
  acceptedAt: Date | null;
}

export async function invitationByToken(
  db: DataSource | EntityManager,
  token: string,
  options: { lock?: boolean } = {},
): Promise<InvitationWithTrip | null> {
  // Tokens are base64url; anything else (a NUL byte would even fail the query) matches nothing.
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(token)) return null;
  const [row] = await db.query(
    `SELECT ${INVITATION_COLUMNS}, t.title AS "tripTitle"
       FROM invitations i
       JOIN trips t ON t.id = i.trip_id
       LEFT JOIN users u ON u.id = i.invited_by
      WHERE i.token = $1
      ${options.lock ? 'FOR UPDATE OF i' : ''}`,
    [token],
  );
  return row ?? null;
}

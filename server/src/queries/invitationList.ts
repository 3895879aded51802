/**
 * Invitations not accepted yet, expired ones included (the Pending tab shows them as 'Expired' so the owner
 * knows to invite again), the most recently sent or renewed first.
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { TInvitation } from '@caravan/shared';
import { presentInvitation, type InvitationFields } from '../presenters/invitation.ts';

export const INVITATION_COLUMNS = `i.id, i.trip_id AS "tripId", i.invited_email AS "invitedEmail", i.role, i.token,
  i.expires_at AS "expiresAt", i.accepted_at AS "acceptedAt", i.created_at AS "createdAt", u.display_name AS "inviterName"`;

export async function invitationListQuery(
  db: DataSource | EntityManager,
  tripId: string,
  invitationId?: string,
): Promise<TInvitation[]> {
  const rows: InvitationFields[] = await db.query(
    `SELECT ${INVITATION_COLUMNS}
       FROM invitations i
       LEFT JOIN users u ON u.id = i.invited_by
      WHERE i.trip_id = $1 AND i.accepted_at IS NULL AND ($2::uuid IS NULL OR i.id = $2)
      ORDER BY i.updated_at DESC, i.id`,
    [tripId, invitationId ?? null],
  );
  return rows.map(presentInvitation);
}

/** A trip's members with their accounts' names and avatars: the owner first, then in the order they joined. */
import type { DataSource, EntityManager } from 'typeorm';
import type { TTripMember } from '@caravan/shared';
import { presentMember, type MemberFields } from '../presenters/member.ts';

export async function memberListQuery(db: DataSource | EntityManager, tripId: string): Promise<TTripMember[]> {
  const rows: MemberFields[] = await db.query(
    `SELECT u.id AS "userId", u.display_name AS "displayName", u.email, u.avatar_url AS "avatarUrl", m.role
       FROM trip_members m
       JOIN users u ON u.id = m.user_id
      WHERE m.trip_id = $1
      ORDER BY (m.role = 'owner') DESC, m.created_at, u.id`,
    [tripId],
  );
  return rows.map(presentMember);
}

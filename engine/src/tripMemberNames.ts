/** The trip's current members by user id, with their display names: an item may be assigned only to one of them. */
import type { DataSource, EntityManager } from 'typeorm';
import { queryPrepared } from './db/dataSource.ts';

const MEMBER_NAMES = {
  name: 'caravan_trip_member_names',
  text: `SELECT m.user_id AS "id", u.display_name AS "displayName" FROM trip_members m JOIN users u ON u.id = m.user_id WHERE m.trip_id = $1`,
};

export async function tripMemberNames(db: DataSource | EntityManager, tripId: string): Promise<Map<number, string>> {
  const rows = await queryPrepared<{ id: number; displayName: string }>(db, MEMBER_NAMES, [tripId]);
  return new Map(rows.map((row) => [Number(row.id), row.displayName]));
}

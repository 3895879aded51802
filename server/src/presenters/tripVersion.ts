/** A trip's versions as the history calls answer them: editors with their names (one read for a whole page). */
import type { DataSource, EntityManager } from 'typeorm';
import type { TTripVersion } from '@caravan/shared';
import type { VersionRow } from '@caravan/engine';

export async function presentVersions(db: DataSource | EntityManager, rows: readonly VersionRow[]): Promise<TTripVersion[]> {
  const ids = [...new Set(rows.flatMap((row) => row.editors))];
  const names = new Map<number, string>();
  if (ids.length) {
    const found: Array<{ id: number; display_name: string }> = await db.query(`SELECT id, display_name FROM users WHERE id = ANY($1::int[])`, [ids]);
    for (const user of found) names.set(user.id, user.display_name);
  }
  return rows.map((row) => ({
    id: row.id.toString(),
    takenAt: row.takenAt.toISOString(),
    kind: row.kind,
    name: row.name,
    // A member who has since deleted their account edited too; their name is gone with it.
    editors: row.editors.filter((id) => names.has(id)).map((userId) => ({ userId, displayName: names.get(userId)! })),
    summary: row.summary,
  }));
}

export async function presentVersion(db: DataSource | EntityManager, row: VersionRow): Promise<TTripVersion> {
  return (await presentVersions(db, [row]))[0];
}

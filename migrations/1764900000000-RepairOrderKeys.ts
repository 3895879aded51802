import type { MigrationInterface, QueryRunner } from 'typeorm';
import * as Y from 'yjs';
import { orderedStops, repairOrderKeys } from '@caravan/shared';

/**
 * Order keys fractional-indexing refuses (the live door once let an editor write any text as `pos`) made every
 * add at the end, move and approved suggestion of their trip fail. Each trip document holding one gets new keys
 * for those stops, in the order members see, as one more server update in its log, and its stop rows take the
 * same keys in the same transaction, as every write does (docs/architecture.md "A trip changes through two doors").
 */
export class RepairOrderKeys1764900000000 implements MigrationInterface {
  name = 'RepairOrderKeys1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const trips: Array<{ trip_id: string }> = await queryRunner.query(`SELECT trip_id FROM trip_docs ORDER BY trip_id`);
    for (const { trip_id: tripId } of trips) await repairTrip(queryRunner, tripId);
  }

  async down(): Promise<void> {
    // The new keys sort as the old ones did and every version reads them: nothing to undo.
  }
}

async function repairTrip(queryRunner: QueryRunner, tripId: string): Promise<void> {
  const [snapshot]: Array<{ state: Buffer; compacted_through: string }> = await queryRunner.query(
    `SELECT state, compacted_through FROM trip_docs WHERE trip_id = $1 FOR UPDATE`,
    [tripId],
  );
  const log: Array<{ update: Buffer }> = await queryRunner.query(
    `SELECT update FROM trip_doc_updates WHERE trip_id = $1 AND id > $2 ORDER BY id`,
    [tripId, snapshot.compacted_through],
  );
  const doc = new Y.Doc();
  try {
    for (const update of [snapshot.state, ...log.map((row) => row.update)]) Y.applyUpdate(doc, update);
    const before = Y.encodeStateVector(doc);
    if (!repairOrderKeys(doc)) return;
    const [{ id }]: Array<{ id: string }> = await queryRunner.query(
      `INSERT INTO trip_doc_updates (trip_id, update, origin, user_id) VALUES ($1, $2, 'server', NULL) RETURNING id`,
      [tripId, Buffer.from(Y.encodeStateAsUpdate(doc, before))],
    );
    await queryRunner.query(`UPDATE trip_docs SET last_update_id = $2 WHERE trip_id = $1`, [tripId, id]);
    // The order is kept, but a key that was not even text sorted differently before: number the rows again too.
    const stops = orderedStops(doc);
    await queryRunner.query(
      `UPDATE stops s SET pos = k.pos, stop_order = k.stop_order
         FROM unnest($2::uuid[], $3::text[], $4::int[]) AS k(id, pos, stop_order)
        WHERE s.trip_id = $1 AND s.id = k.id AND (s.pos, s.stop_order) IS DISTINCT FROM (k.pos, k.stop_order)`,
      [tripId, stops.map((stop) => stop.id), stops.map((stop) => stop.pos), stops.map((_, index) => index)],
    );
  } finally {
    doc.destroy();
  }
}

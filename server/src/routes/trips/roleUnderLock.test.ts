/**
 * A caller's role is asked again under the trip's row lock (engine/src/tripDocs/callerRole.ts): an editor demoted or
 * removed while their call waits for the lock writes nothing, as the live door's commit undoes a demoted member's.
 */
import { describe, expect, it } from 'vitest';
import { calls, messages, orderedStops } from '@caravan/shared';
import { useTestServer } from '../../test/useTestServer.ts';
import { tripWithCrew, type Crew } from '../../test/tripWithCrew.ts';
import { liveDoc } from '../collaboration/collaborationFixture.ts';

const t = useTestServer();
const db = () => t.server.deps.dataSource;

const lockWaits = async () =>
  Number((await db().query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`))[0].n);

/** Sends `request` while a membership change (`change`, SQL) holds the trip's row lock, as the member commands do; commits it once the request waits. */
async function whileChanging<T>(crew: Crew, change: string, request: () => Promise<T>): Promise<T> {
  const runner = db().createQueryRunner();
  await runner.startTransaction();
  try {
    await runner.query(`SELECT 1 FROM trip_docs WHERE trip_id = $1 FOR UPDATE`, [crew.trip.id]);
    const answer = request();
    await expect.poll(lockWaits, { timeout: 15_000 }).toBe(1);
    await runner.query(change, [crew.trip.id, crew.editor.id]);
    await runner.commitTransaction();
    return await answer;
  } finally {
    if (runner.isTransactionActive) await runner.rollbackTransaction();
    await runner.release();
  }
}

const addStop = (crew: Crew, name: string) => t.api.post(calls.stops.add.path, { tripId: crew.trip.id, name, latitude: 36.6, longitude: -121.9 }, { as: crew.editor });
const stopNames = async (crew: Crew) => orderedStops(await liveDoc(t.server.deps.tripDocs, crew.trip.id)).map((stop) => stop.name);

describe('a REST write under the trip lock', () => {
  it("is refused when the caller's role changed while it waited, and goes through when it did not", async () => {
    const crew = await tripWithCrew(db());
    const before = await stopNames(crew); // The trip's document row now exists (its first read makes it), so the lock below holds it.
    const kept = await whileChanging(crew, `UPDATE trip_members SET role = 'editor' WHERE trip_id = $1 AND user_id = $2`, () => addStop(crew, 'Monterey'));
    expect(kept.status).toBe(201);

    const demoted = await whileChanging(crew, `UPDATE trip_members SET role = 'viewer' WHERE trip_id = $1 AND user_id = $2`, () => addStop(crew, 'Carmel'));
    expect([demoted.status, demoted.body.error]).toEqual([403, messages.common.forbidden]);

    const removed = await whileChanging(crew, `DELETE FROM trip_members WHERE trip_id = $1 AND user_id = $2`, () => addStop(crew, 'Big Sur'));
    expect([removed.status, removed.body.error]).toEqual([403, messages.common.forbidden]);

    expect(await stopNames(crew)).toEqual([...before, 'Monterey']);
  });
});

/**
 * A trip's history through REST and the sweep: versions taken after editing settles and every ten minutes of it,
 * named and before-change ones, listed and read; the log's compaction keeping rows no version holds yet.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addStop, messages, orderedStops, updateStop } from '@caravan/shared';
import { serverOrigin } from '@caravan/engine';
import { tripWithCrew, type Crew } from '../test/tripWithCrew.ts';
import { useTestServer } from '../test/useTestServer.ts';
import { sweepHistory } from './historySweep.ts';
import { versionStates } from './versionStates.ts';

const t = useTestServer();
const db = () => t.server.deps.dataSource;
const hub = () => t.server.deps.tripDocs;
type Who = 'owner' | 'editor' | 'viewer' | 'outsider';
const post = (crew: Crew, as: Who, path: string, body: object) => t.api.post(`/trips/history${path}`, { tripId: crew.trip.id, ...body }, { as: crew[as] });
const sweepDeps = () => ({ dataSource: db(), logger: t.server.deps.logger, historyDays: 90 });
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

async function addStops(crew: Crew, who: Who, names: string[]): Promise<string[]> {
  const ids = names.map(() => randomUUID());
  await hub().write(crew.trip.id, serverOrigin(crew[who].id), ({ doc, transact }) =>
    transact(() => names.forEach((name, i) => addStop(doc, ids[i], { name, latitude: 40 + i, longitude: -120 }))),
  );
  return ids;
}

async function rename(crew: Crew, who: Who, stopId: string, name: string) {
  await hub().write(crew.trip.id, serverOrigin(crew[who].id), ({ doc, transact }) => transact(() => updateStop(doc, stopId, { name })));
}

/** The stops' names after the trip's start (every test trip starts in San Francisco). */
const stopNames = (body: { stops: Array<{ name: unknown }> }) => body.stops.map((stop) => stop.name).slice(1);

describe('versions taken by the sweep', () => {
  it('takes one after editing settles (two minutes without an edit), not while it goes on', async () => {
    const crew = await tripWithCrew(db());
    await addStops(crew, 'owner', ['Astoria', 'Cannon Beach']);
    await addStops(crew, 'editor', ['Tillamook']);
    expect((await sweepHistory(sweepDeps(), minutesFromNow(1))).taken).toBe(0);
    expect((await sweepHistory(sweepDeps(), minutesFromNow(3))).taken).toBeGreaterThanOrEqual(1);
    const listed = await post(crew, 'viewer', '', {});
    expect(listed.status).toBe(200);
    expect(listed.body.versions).toHaveLength(1);
    const [version] = listed.body.versions;
    expect(version).toMatchObject({ kind: 'auto', name: null });
    expect(version.editors.map((editor: { displayName: string }) => editor.displayName).sort()).toEqual(['Eddie Editor', 'Olive Owner']);
    expect(version.summary).not.toBe('');
    // Nothing new since: the next sweep takes nothing for this trip.
    await sweepHistory(sweepDeps(), minutesFromNow(6));
    const again = (await post(crew, 'viewer', '', {})).body.versions;
    expect(again).toHaveLength(1);
    const read = await post(crew, 'viewer', '/version', { versionId: version.id });
    expect(read.status).toBe(200);
    expect(stopNames(read.body)).toEqual(['Astoria', 'Cannon Beach', 'Tillamook']);
  });

  it('takes one every ten minutes of editing that never pauses', async () => {
    const crew = await tripWithCrew(db());
    const [astoria] = await addStops(crew, 'owner', ['Astoria']);
    await rename(crew, 'owner', astoria, 'Astoria OR');
    // The first edit came eleven minutes ago, the last a moment ago: editing goes on, but a version is due.
    await db().query(`UPDATE trip_doc_updates SET created_at = now() - interval '11 minutes' WHERE id = (SELECT min(id) FROM trip_doc_updates WHERE trip_id = $1)`, [crew.trip.id]);
    await sweepHistory(sweepDeps(), new Date());
    const listed = (await post(crew, 'owner', '', {})).body.versions;
    expect(listed).toHaveLength(1);
    expect(stopNames((await post(crew, 'owner', '/version', { versionId: listed[0].id })).body)).toEqual(['Astoria OR']);
  });
});

describe('POST /trips/history/take', () => {
  it('names the trip as it is now, and reads each version as it was', async () => {
    const crew = await tripWithCrew(db());
    const [astoria] = await addStops(crew, 'owner', ['Astoria', 'Eureka']);
    const first = await post(crew, 'editor', '/take', { kind: 'named', name: '  Before we cut Oregon ' });
    expect(first.status).toBe(200);
    expect(first.body.version).toMatchObject({ kind: 'named', name: 'Before we cut Oregon' });
    await rename(crew, 'editor', astoria, 'Astoria, Oregon');
    // The drive legs the server derives after an edit land first: they would be a change since.
    await t.server.deps.legs.settle();
    const second = await post(crew, 'owner', '/take', { kind: 'before_optimise' });
    expect(second.body.version).toMatchObject({ kind: 'before_optimise', name: null, editors: [{ userId: crew.editor.id, displayName: 'Eddie Editor' }] });
    expect(BigInt(second.body.version.id)).toBeGreaterThan(BigInt(first.body.version.id));
    expect(stopNames((await post(crew, 'viewer', '/version', { versionId: first.body.version.id })).body)).toEqual(['Astoria', 'Eureka']);
    expect(stopNames((await post(crew, 'viewer', '/version', { versionId: second.body.version.id })).body)).toEqual(['Astoria, Oregon', 'Eureka']);
    // Nothing changed since: the same version, now named.
    const again = await post(crew, 'owner', '/take', { kind: 'named', name: 'Coast' });
    expect(again.body.version).toMatchObject({ id: second.body.version.id, kind: 'named', name: 'Coast' });
    const listed = (await post(crew, 'viewer', '', {})).body;
    expect(listed.versions.map((version: { name: string }) => version.name)).toEqual(['Coast', 'Before we cut Oregon']);
    expect(listed.nextBefore).toBeNull();
    const page = (await post(crew, 'viewer', '', { limit: 1 })).body;
    expect(page.versions).toHaveLength(1);
    expect((await post(crew, 'viewer', '', { limit: 1, before: page.nextBefore })).body.versions[0].name).toBe('Before we cut Oregon');
  });

  it('refuses viewers (403) and outsiders (404); a never-changed trip has nothing to keep (409); an unknown version is 404', async () => {
    const crew = await tripWithCrew(db());
    expect(await post(crew, 'viewer', '/take', { kind: 'named', name: 'x' })).toMatchObject({ status: 403 });
    expect(await post(crew, 'outsider', '', {})).toMatchObject({ status: 404 });
    await hub().open(crew.trip.id);
    expect(await post(crew, 'owner', '/take', { kind: 'named' })).toMatchObject({ status: 409, body: { error: messages.history.nothingToKeep } });
    expect(await post(crew, 'viewer', '/version', { versionId: '12345' })).toMatchObject({ status: 404, body: { error: messages.history.versionNotFound } });
  });
});

describe('whole-trip changes the server writes', () => {
  it('keep the trip as it was right before as a version (Bulk schedule), summarised by the next sweep', async () => {
    const crew = await tripWithCrew(db());
    await addStops(crew, 'editor', ['Astoria', 'Eureka']);
    const scheduled = await t.api.post('/trips/stops/auto-schedule', { tripId: crew.trip.id, startDate: '2026-07-01', defaultStayDurationDays: 1 }, { as: crew.owner });
    expect(scheduled.status).toBe(200);
    const [version] = (await post(crew, 'viewer', '', {})).body.versions;
    expect(version).toMatchObject({ kind: 'before_bulk_schedule', editors: [{ userId: crew.editor.id }] });
    const read = (await post(crew, 'viewer', '/version', { versionId: version.id })).body;
    expect(read.stops.map((stop: { plannedArrivalDate: unknown }) => stop.plannedArrivalDate ?? null).slice(1)).not.toContain('2026-07-01');
    await sweepHistory(sweepDeps(), new Date());
    expect((await post(crew, 'viewer', '', {})).body.versions[0].summary).toMatch(/Eddie Editor/);
  });
});

describe("the log's compaction", () => {
  it('keeps the rows no version holds yet, so the next version still reads every edit', async () => {
    const crew = await tripWithCrew(db());
    const [stop] = await addStops(crew, 'owner', ['Start']);
    await t.server.deps.legs.settle();
    await post(crew, 'owner', '/take', { kind: 'named', name: 'start' });
    // More edits than a compaction waits for (100 rows): the snapshot folds them in, the log keeps them.
    for (let i = 1; i <= 120; i++) await rename(crew, i % 2 ? 'owner' : 'editor', stop, `Stop ${i}`);
    await t.server.deps.legs.settle();
    const [{ count }] = await db().query(`SELECT count(*)::int AS count FROM trip_doc_updates WHERE trip_id = $1`, [crew.trip.id]);
    expect(count).toBe(120);
    const taken = (await post(crew, 'owner', '/take', { kind: 'named', name: 'after' })).body.version;
    expect(stopNames((await post(crew, 'viewer', '/version', { versionId: taken.id })).body)).toEqual(['Stop 120']);
    // Now held by the version, the rows folded into the snapshot go.
    const [{ left }] = await db().query(`SELECT count(*)::int AS left FROM trip_doc_updates WHERE trip_id = $1`, [crew.trip.id]);
    expect(left).toBeLessThan(120);
    expect(taken.editors.map((editor: { userId: number }) => editor.userId).sort()).toEqual([crew.owner.id, crew.editor.id].sort());
    expect(orderedStops((await hub().open(crew.trip.id))!.doc).map((s) => s.name)).toEqual(['San Francisco', 'Stop 120']);
  });
});

describe('retention (HISTORY_DAYS)', () => {
  it('folds versions older than the days kept into the oldest kept one, and reads the kept ones as they were', async () => {
    const crew = await tripWithCrew(db());
    const [stop] = await addStops(crew, 'owner', ['One']);
    const taken: string[] = [];
    for (const name of ['Two', 'Three', 'Four']) {
      taken.push((await post(crew, 'owner', '/take', { kind: 'named', name })).body.version.id);
      await rename(crew, 'editor', stop, name);
    }
    taken.push((await post(crew, 'owner', '/take', { kind: 'named', name: 'Five' })).body.version.id);
    // Read before the fold, so their states are kept (./versionStates.ts): the fold must not let them answer.
    expect(stopNames((await post(crew, 'viewer', '/version', { versionId: taken[0] })).body)).toEqual(['One']);
    expect(stopNames((await post(crew, 'viewer', '/version', { versionId: taken[1] })).body)).toEqual(['Two']);
    // The first three were taken 100 days ago: the first two go, the third stays as the oldest.
    await db().query(`UPDATE trip_versions SET taken_at = now() - interval '100 days' WHERE trip_id = $1 AND id <= $2`, [crew.trip.id, taken[2]]);
    const { forgotten } = await sweepHistory(sweepDeps(), new Date(), { prune: true });
    expect(forgotten).toBeGreaterThanOrEqual(2);
    const left = (await post(crew, 'viewer', '', {})).body.versions.map((version: { id: string }) => version.id);
    expect(left).toEqual([taken[3], taken[2]]);
    expect(stopNames((await post(crew, 'viewer', '/version', { versionId: taken[2] })).body)).toEqual(['Three']);
    expect(stopNames((await post(crew, 'viewer', '/version', { versionId: taken[3] })).body)).toEqual(['Four']);
    expect(await post(crew, 'viewer', '/version', { versionId: taken[0] })).toMatchObject({ status: 404 });
    expect(await post(crew, 'viewer', '/diff', { fromVersionId: taken[0], toVersionId: taken[3] })).toMatchObject({ status: 404 });
    const diff = (await post(crew, 'viewer', '/diff', { fromVersionId: taken[2], toVersionId: taken[3] })).body.changes;
    expect(diff.stops).toEqual([expect.objectContaining({ stopId: stop, kind: 'changed', by: [crew.editor.id] })]);
    expect((await post(crew, 'owner', '/restore', { versionId: taken[2] })).status).toBe(200);
    expect(orderedStops((await hub().open(crew.trip.id))!.doc).map((s) => s.name)).toEqual(['San Francisco', 'Three']);
  });
});

describe('checkpoints', () => {
  it("keep a version's document once the chunks since the last start weigh as much, and versions read as they were from them, also after a fold", async () => {
    const crew = await tripWithCrew(db());
    const [stop] = await addStops(crew, 'owner', ['Start']);
    const taken: Array<{ id: string; name: string }> = [];
    for (let i = 0; i < 12; i++) {
      // Hex that compresses little: each version's chunk weighs something beside the base.
      const name = `Stop ${i} ${randomUUID()}${randomUUID()}`;
      await rename(crew, 'editor', stop, name);
      await t.server.deps.legs.settle();
      taken.push({ id: (await post(crew, 'owner', '/take', { kind: 'named', name: `v${i}` })).body.version.id, name });
      // The sweep writes the summary, and the checkpoint when one is due.
      await sweepHistory(sweepDeps());
    }
    const checkpoints: Array<{ id: string }> = await db().query(`SELECT id FROM trip_versions WHERE trip_id = $1 AND checkpoint IS NOT NULL ORDER BY id`, [crew.trip.id]);
    expect(checkpoints.length).toBeGreaterThanOrEqual(1);
    expect(checkpoints.length).toBeLessThan(taken.length / 2);
    const readAll = async (versions: typeof taken) => {
      for (const { id, name } of versions) {
        versionStates.clear();
        expect(stopNames((await post(crew, 'viewer', '/version', { versionId: id })).body)).toEqual([name]);
      }
    };
    await readAll(taken);
    versionStates.clear();
    const sinceFirst = (await post(crew, 'viewer', '/diff', { fromVersionId: taken[0].id })).body.changes;
    expect(sinceFirst.stops).toEqual([expect.objectContaining({ stopId: stop, kind: 'changed', by: [crew.editor.id] })]);

    // Fold all but the last three: the folded checkpoints go with their versions, the kept versions read the same.
    const oldest = taken.at(-3)!.id;
    await db().query(`UPDATE trip_versions SET taken_at = now() - interval '100 days' WHERE trip_id = $1 AND id <= $2`, [crew.trip.id, oldest]);
    await sweepHistory(sweepDeps(), new Date(), { prune: true });
    const [{ left }] = await db().query(`SELECT count(checkpoint)::int AS left FROM trip_versions WHERE trip_id = $1 AND id <= $2`, [crew.trip.id, oldest]);
    expect(left).toBe(0);
    await readAll(taken.slice(-3));
  });
});

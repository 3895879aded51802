/** Cached drives age: an answer older than ROAD_LEG_MAX_AGE_MS is asked again (or stands in when OSRM fails); rows nobody reads are pruned. */
import { describe, expect, it } from 'vitest';
import { standInDrive } from '../test/osrmStandIn.ts';
import { answerWith, recordingLogger } from '../test/standInServer.ts';
import { useOsrmRouting } from '../test/useOsrmRouting.ts';
import { roadLegBetween, type LegEnds } from './legRouter.ts';
import { ROAD_LEG_MAX_AGE_MS, deleteUnreadLegs, roundedEnds } from './roadLegCache.ts';
import { ROAD_LEG_UNREAD_MS, startRoadLegPrune } from './roadLegPrune.ts';

const DAY_MS = 24 * 60 * 60_000;
const chicago = { latitude: 41.8781, longitude: -87.6298 };
const stLouis = { latitude: 38.627, longitude: -90.1994 };
const springfield = { latitude: 39.7817, longitude: -89.6501 };
const chicagoToStLouis: LegEnds = { from: chicago, to: stLouis };
const standInMinutes = ({ from, to }: LegEnds) => Math.round(standInDrive(from, to).seconds / 60);

const t = useOsrmRouting(2);

/** Sets when the pair's cached row was fetched and last read, `days` ago. */
async function backdate(pair: LegEnds, { fetched, read }: { fetched?: number; read?: number }) {
  const { from, to } = roundedEnds(pair);
  await t.dataSource.query(
    `UPDATE road_legs
        SET fetched_at = coalesce(now() - $5 * interval '1 day', fetched_at), last_read_at = coalesce(now() - $6 * interval '1 day', last_read_at)
      WHERE (from_lat, from_lon, to_lat, to_lon) = ($1, $2, $3, $4)`,
    [from.latitude, from.longitude, to.latitude, to.longitude, fetched ?? null, read ?? null],
  );
}

/** A cached answer from before the road changed: a 45-minute detour, OSRM's answer `days` ago. */
async function cachedDetour(pair: LegEnds, days: number) {
  await t.router().route(pair);
  await t.dataSource.query(`UPDATE road_legs SET minutes = minutes + 45`);
  await backdate(pair, { fetched: days });
  t.osrm.requests = [];
  return standInMinutes(pair) + 45;
}

async function cachedPairs(): Promise<string[]> {
  const rows: { to_lat: string }[] = await t.dataSource.query(`SELECT to_lat FROM road_legs ORDER BY to_lat`);
  return rows.map((row) => row.to_lat);
}

describe('a cached drive older than ROAD_LEG_MAX_AGE_MS', () => {
  it('is asked of OSRM again and the row takes the new answer', async () => {
    const detour = await cachedDetour(chicagoToStLouis, ROAD_LEG_MAX_AGE_MS / DAY_MS + 1);
    expect(await t.router().cached([chicagoToStLouis])).toEqual([expect.objectContaining({ minutes: detour, stale: true })]);

    const leg = await roadLegBetween(t.router(), chicagoToStLouis);
    expect(t.osrm.requests).toHaveLength(1);
    expect(leg).toMatchObject({ minutes: standInMinutes(chicagoToStLouis), source: 'osrm', fellBack: false });
    const [cached] = await t.router().cached([chicagoToStLouis]);
    expect(cached).toEqual({ minutes: standInMinutes(chicagoToStLouis), distanceKm: leg.distanceKm, source: 'osrm', geometry: leg.geometry });
    await roadLegBetween(t.router(), chicagoToStLouis);
    expect(t.osrm.requests).toHaveLength(1);
  });

  it('is not asked again while younger than the max age', async () => {
    const detour = await cachedDetour(chicagoToStLouis, ROAD_LEG_MAX_AGE_MS / DAY_MS - 1);
    expect(await roadLegBetween(t.router(), chicagoToStLouis)).toMatchObject({ minutes: detour, source: 'osrm', fellBack: false });
    expect(t.osrm.requests).toHaveLength(0);
  });

  it('stands in when OSRM fails, as OSRM’s road and not the estimate, and is asked again next time', async () => {
    const detour = await cachedDetour(chicagoToStLouis, ROAD_LEG_MAX_AGE_MS / DAY_MS + 1);
    const geometry = (await t.router().cached([chicagoToStLouis]))[0]!.geometry;
    t.osrm.reply = answerWith(500, '<html>502 Bad Gateway</html>');
    const logger = recordingLogger();

    const leg = await roadLegBetween(t.router({ logger }), chicagoToStLouis);
    expect(leg).toEqual({ minutes: detour, distanceKm: expect.any(Number), source: 'osrm', geometry, fellBack: true });
    expect(logger.warnings[0][1]).toBe('road leg fell back to its stale cached answer');
    expect((await t.router().cached([chicagoToStLouis]))[0]).toMatchObject({ minutes: detour, stale: true });

    t.osrm.reply = null;
    expect(await roadLegBetween(t.router(), chicagoToStLouis)).toMatchObject({ minutes: standInMinutes(chicagoToStLouis), fellBack: false });
    expect(t.osrm.requests).toHaveLength(2);
  });
});

describe('the prune of drives nobody reads', () => {
  const toSpringfield: LegEnds = { from: chicago, to: springfield };
  const backToChicago: LegEnds = { from: stLouis, to: chicago };

  it('deletes rows unread for ROAD_LEG_UNREAD_MS and keeps the rest, old answers still being read included', async () => {
    for (const pair of [chicagoToStLouis, toSpringfield, backToChicago]) await t.router().route(pair);
    const unreadDays = ROAD_LEG_UNREAD_MS / DAY_MS;
    await backdate(chicagoToStLouis, { fetched: unreadDays + 10, read: unreadDays + 1 });
    await backdate(toSpringfield, { fetched: unreadDays + 10, read: unreadDays - 1 });

    expect(await deleteUnreadLegs(t.dataSource, ROAD_LEG_UNREAD_MS)).toBe(1);
    expect(await cachedPairs()).toEqual(['39.78170', '41.87810']);
  });

  it('keeps a row once it is read again', async () => {
    await t.router().route(chicagoToStLouis);
    await backdate(chicagoToStLouis, { read: 200 });
    await t.router().cached([chicagoToStLouis]);

    expect(await deleteUnreadLegs(t.dataSource, ROAD_LEG_UNREAD_MS)).toBe(0);
    expect(await cachedPairs()).toEqual(['38.62700']);
  });

  it('runs in the background until stopped', async () => {
    for (const pair of [chicagoToStLouis, toSpringfield]) await t.router().route(pair);
    await backdate(chicagoToStLouis, { read: 200 });
    const logger = { ...recordingLogger(), info: () => {} };

    const prune = startRoadLegPrune(t.dataSource, logger, { firstAfterMs: 10, everyMs: 50 });
    await expect.poll(cachedPairs).toEqual(['39.78170']);
    await prune.stop();

    await t.router().route(chicagoToStLouis);
    await backdate(chicagoToStLouis, { read: 200 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await cachedPairs()).toEqual(['38.62700', '39.78170']);
    expect(logger.warnings).toEqual([]);
  });
});

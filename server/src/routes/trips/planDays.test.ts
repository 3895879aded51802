/**
 * POST /trips/stops/plan-days (docs/product.md#plan-my-days) without OSRM, with Overpass as a local stand-in: a
 * 14-hour drive comes back as two days sleeping at the stop between, with lodging near it from the real Overpass
 * adapter; plan fields the document holds count; an opening hour no order meets is listed; with Overpass down the plan still comes back, saying no
 * suggestions could be fetched; nothing is written; the plan's read locks nothing (a stop added while it is held
 * open commits); bad input and a trip with fewer than two located stops
 * answer 400.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { EntityManager } from 'typeorm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addStop, dayPlanMessages, messages, stopsMap, ZPlanDaysResponse } from '@caravan/shared';
import { type Config, serverOrigin } from '@caravan/engine';
import { answerWith, startOverpassStandIn, type OverpassStandIn } from '@caravan/engine/test';
import { stopRows } from '../../test/tripDetailFixtures.ts';
import { tripSnapshot } from '../../test/tripSnapshot.ts';
import { tripWithCrew, type Crew } from '../../test/tripWithCrew.ts';
import { useTestServer } from '../../test/useTestServer.ts';
import { dayPlanQuery } from '../../queries/dayPlanQuery.ts';

const PATH = '/trips/stops/plan-days';
const config: Partial<Config> = {};
let overpass: OverpassStandIn;
// The stand-in must listen before the server starts: its URL is the server's OVERPASS_URL.
beforeAll(async () => {
  overpass = await startOverpassStandIn();
  config.overpassUrl = overpass.url;
});
afterAll(() => overpass?.close());
const t = useTestServer(config);
beforeEach(() => {
  overpass.queries = [];
  overpass.reply = null;
});

/** After San Francisco (the trip's first stop) about 7 h and 7 h more by the estimate, east along I-80. */
const LOVELOCK = { name: 'Lovelock', latitude: 40.1794, longitude: -118.4735 };
const SALT_DESERT = { name: 'Great Salt Lake Desert', latitude: 40.73, longitude: -113.4 };

/** A trip of the crew's through `places` after San Francisco; `extra` sets keys on a stop's map as the document holds them. */
async function tripThrough(places: { name: string; latitude: number; longitude: number }[], extra: Record<string, Record<string, unknown>> = {}) {
  const { dataSource, tripDocs, legs } = t.server.deps;
  const crew = await tripWithCrew(dataSource);
  await tripDocs.write(crew.trip.id, serverOrigin(crew.owner.id), ({ doc, transact }) =>
    transact(() => {
      for (const place of places) {
        const id = randomUUID();
        addStop(doc, id, place);
        for (const [key, value] of Object.entries(extra[place.name] ?? {})) stopsMap(doc).get(id)!.set(key, value);
      }
    }),
  );
  await legs.idle();
  const rows = await stopRows(dataSource, crew.trip.id);
  return { crew, ids: new Map(rows.map((row) => [row.name, row.id])) };
}

const planDays = (crew: Crew, body: Record<string, unknown> = {}, as = crew.editor) => t.api.post(PATH, { tripId: crew.trip.id, ...body }, { as });

describe('POST /trips/stops/plan-days', () => {
  it('splits a 14-hour drive into two days sleeping at the stop between, with lodging near it, and writes nothing', async () => {
    const { crew, ids } = await tripThrough([LOVELOCK, SALT_DESERT]);
    const snapshot = await tripSnapshot(t.server.deps, [crew.trip.id]);

    const response = await planDays(crew, { endAtLast: true });

    expect(response.status).toBe(200);
    const plan = ZPlanDaysResponse.parse(response.body);
    const [sf, lovelock, desert] = [ids.get('San Francisco')!, ids.get('Lovelock')!, ids.get('Great Salt Lake Desert')!];
    expect(plan.order).toEqual([sf, lovelock, desert]);
    expect(plan.before.days).toHaveLength(1);
    expect(plan.before.unmet).toContainEqual(expect.objectContaining({ kind: 'overDailyLimit', stopId: desert, day: 1 }));
    expect(plan.after.days.map((day) => [day.stopIds, day.sleepsAt])).toEqual([
      [[sf, lovelock], lovelock],
      [[lovelock, desert], null],
    ]);
    for (const day of plan.after.days) expect(day.driveMinutes).toBeGreaterThan(400), expect(day.driveMinutes).toBeLessThanOrEqual(480);
    expect(plan.after.unmet).toEqual([]);
    expect(plan.source).toBe('great-circle');

    expect(plan.lodging).toEqual({
      fetched: true,
      suggestions: [
        {
          stopId: lovelock,
          places: [
            expect.objectContaining({ name: 'Wayside Motor Inn', category: 'Hotel', address: 'Midway', distanceKm: 1 }),
            expect.objectContaining({ name: 'Cottonwood Campground', category: 'Campground', distanceKm: 2 }),
          ],
        },
      ],
    });
    expect(overpass.queries).toHaveLength(1);
    expect(overpass.queries[0]).toContain(`nwr["tourism"~"^(hotel|motel|guest_house|camp_site|caravan_site)$"]["name"](around:5000,${LOVELOCK.latitude},${LOVELOCK.longitude});`);
    expect(await tripSnapshot(t.server.deps, [crew.trip.id])).toBe(snapshot);
  });

  it('reads the plan fields the document holds: an overnight with lodging ends the day before and needs no suggestion', async () => {
    const lodging = { name: 'Sturgeon Inn', address: null, checkIn: null, checkOut: null, confirmation: null, url: null, price: null, nights: 1 };
    const { crew, ids } = await tripThrough([LOVELOCK, SALT_DESERT], { Lovelock: { overnight: true, lodging } });

    const plan = ZPlanDaysResponse.parse((await planDays(crew, { endAtLast: true })).body);

    expect(plan.before.days.map((day) => day.sleepsAt)).toEqual([ids.get('Lovelock'), null]);
    expect(plan.before.unmet).toEqual([]);
    expect(plan.lodging).toEqual({ fetched: true, suggestions: [] });
    expect(overpass.queries).toEqual([]);
  });

  it('lists an opening hour no order can meet rather than hide it, when the clock-aware order is tried in the worker', async () => {
    // Lovelock opens 03:00–04:00 only, 7 h from San Francisco: whatever the order, it is reached closed.
    const { crew, ids } = await tripThrough([LOVELOCK, SALT_DESERT], { Lovelock: { openingHours: 'Mo-Su 03:00-04:00' } });

    const plan = ZPlanDaysResponse.parse((await planDays(crew, { endAtLast: true })).body);

    expect(plan.order).toEqual([ids.get('San Francisco'), ids.get('Lovelock'), ids.get('Great Salt Lake Desert')]);
    expect(plan.after.unmet).toEqual([{ stopId: ids.get('Lovelock'), day: 1, kind: 'closed', minutes: null }]);
    expect(plan.after.days).toHaveLength(2);
  });

  it("lists the car's range running out as unmet, and a stop that refuels on the way meets it", async () => {
    const vehicle = { kind: 'fuel', rangeKm: 700, reservePercent: 10, departureFillPercent: 100 };
    const { crew, ids } = await tripThrough([LOVELOCK, SALT_DESERT]);
    expect((await t.api.post('/trips/road-settings', { tripId: crew.trip.id, vehicle }, { as: crew.owner })).status).toBe(200);
    const plan = ZPlanDaysResponse.parse((await planDays(crew, { endAtLast: true })).body);
    // 630 km usable: past Lovelock (about 580 road km), short of the desert (about 480 more).
    const runOut = plan.after.unmet.find((miss) => miss.kind === 'rangeRunsOut');
    // The stretch a search for stations covers starts where the car last filled up: San Francisco, at departure.
    expect(runOut).toMatchObject({ stopId: ids.get('Great Salt Lake Desert'), afterStopId: ids.get('Lovelock'), lastFillStopId: ids.get('San Francisco'), day: 2, minutes: null });
    expect(runOut!.km).toBeGreaterThan(0);
    expect(runOut!.km).toBeLessThan(100);
    // How far along the leg to the desert it runs out: under 100 of its about 480 km.
    expect(runOut!.fraction).toBeGreaterThan(0);
    expect(runOut!.fraction).toBeLessThan(0.25);

    const refuelling = await tripThrough([LOVELOCK, SALT_DESERT], { Lovelock: { kind: 'fuel' } });
    expect((await t.api.post('/trips/road-settings', { tripId: refuelling.crew.trip.id, vehicle }, { as: refuelling.crew.owner })).status).toBe(200);
    const refuelled = ZPlanDaysResponse.parse((await planDays(refuelling.crew, { endAtLast: true })).body);
    expect(refuelled.after.unmet.filter((miss) => miss.kind === 'rangeRunsOut')).toEqual([]);
  });

  it('still answers the plan when Overpass is down, saying no suggestions could be fetched', async () => {
    overpass.reply = answerWith(503, '{"remark":"overloaded"}');
    const { crew } = await tripThrough([LOVELOCK, SALT_DESERT]);

    const response = await planDays(crew, { endAtLast: true });

    expect(response.status).toBe(200);
    expect(response.body.after.days).toHaveLength(2);
    expect(response.body.lodging).toEqual({ fetched: false, suggestions: [] });
  });

  it("reads in a snapshot that takes no lock: a stop added while the plan's read is held open commits, and the plan answers from its snapshot", async () => {
    const { crew, ids } = await tripThrough([LOVELOCK, SALT_DESERT]);
    const { dataSource } = t.server.deps;
    let readDone!: () => void;
    const reading = new Promise<void>((resolve) => (readDone = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // Keeps the plan's read transaction open after its queries, holding whatever they took, until released.
    const holding = Object.assign(Object.create(dataSource) as typeof dataSource, {
      transaction: (isolation: 'REPEATABLE READ', work: (manager: EntityManager) => Promise<unknown>) =>
        dataSource.transaction(isolation, async (manager) => {
          const read = await work(manager);
          readDone();
          await released;
          return read;
        }),
    });
    const planning = dayPlanQuery({ ...t.server.deps, dataSource: holding }, crew.editor.id, { tripId: crew.trip.id, endAtLast: true, pinnedStopIds: [] });
    await reading;

    try {
      const added = t.api.post('/trips/stops', { tripId: crew.trip.id, name: 'Winnemucca', latitude: 40.97, longitude: -117.73 }, { as: crew.editor });
      const outcome = await Promise.race([added.then((response) => response.status), delay(10_000).then(() => 'blocked')]);
      expect(outcome).toBe(201);
    } finally {
      release();
    }
    const plan = await planning;
    expect(plan.order).toEqual([ids.get('San Francisco'), ids.get('Lovelock'), ids.get('Great Salt Lake Desert')]);
  });

  it('refuses a trip with fewer than two located stops, and bad input, with 400 and a clear message', async () => {
    const { crew } = await tripThrough([]);
    expect(await planDays(crew)).toMatchObject({ status: 400, body: { error: dayPlanMessages.tooFewLocatedStops } });

    const { crew: other } = await tripThrough([LOVELOCK]);
    expect(await planDays(other, { pinnedStopIds: [randomUUID()] })).toMatchObject({ status: 400, body: { error: messages.routeOptimisation.unknownPinnedStop } });
    expect(await planDays(other, { endAtLast: 'yes' })).toMatchObject({ status: 400, body: { error: messages.routeOptimisation.invalidEndAtLast } });
    expect((await planDays(other, {}, other.viewer)).status).toBe(403);
  });
});

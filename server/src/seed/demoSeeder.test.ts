import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { computeSchedule, orderedStops, readMeta } from '@caravan/shared';
import { createDataSource, createLogger, TripDocHub } from '@caravan/engine';
import { createTestDatabase } from '@caravan/engine/test';
import { DEMO_USER, demoSeeder } from './demoSeeder.ts';

let dataSource: DataSource;

beforeAll(async () => {
  dataSource = await createDataSource(await createTestDatabase()).initialize();
});
afterAll(async () => {
  await dataSource?.destroy();
});

describe('the demo data', () => {
  it('gives the demo trip days: the aquarium in its hours, a night at the Big Sur River Inn, and no warnings', async () => {
    await demoSeeder(dataSource);
    const [trip] = await dataSource.query(`SELECT t.id FROM trips t JOIN users u ON u.id = t.owner_id WHERE u.email = $1`, [DEMO_USER.email]);
    const { doc } = (await new TripDocHub(dataSource, createLogger('silent')).open(trip.id))!;
    const stops = orderedStops(doc);
    const schedule = computeSchedule(readMeta(doc), stops, { today: '2027-06-07' });
    expect(stops.map((stop) => stop.name)).toEqual(['San Francisco', 'Monterey', 'Big Sur', 'Santa Barbara', 'Los Angeles']);
    expect(schedule.days.map((day) => day.sleep?.lodgingName ?? null)).toEqual(['Big Sur River Inn', null]);
    expect(schedule.stops.flatMap((stop) => stop.warnings)).toEqual([]);
    expect(schedule.days.flatMap((day) => day.warnings)).toEqual([]);
    // Seeding again changes nothing.
    await demoSeeder(dataSource);
    expect(await dataSource.query(`SELECT count(*)::int AS count FROM users WHERE email = $1`, [DEMO_USER.email])).toEqual([{ count: 1 }]);
  });
});

/**
 * PROVIDERS=offline without WEATHER_URL: no weather service is asked, the weather call answers that there is none
 * (the page then says weather needs a connection), and the calendar's events still carry sunrise and sunset.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays, localToday } from '@caravan/shared';
import type { User } from '@caravan/engine';
import { buildUser } from '../../test/factories.ts';
import { download, readIcs } from '../../test/exportReaders.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const t = useTestServer();
let owner: User;
let tripId: string;

beforeAll(async () => {
  owner = await buildUser(t.server.deps.dataSource);
  const created = await t.api.post('/trips', { title: 'Front Range', startLocationName: 'Denver', startLocationLatitude: 39.7392, startLocationLongitude: -104.9903 }, { as: owner });
  tripId = created.body.id;
  expect((await t.api.post('/trips/stops', { tripId, name: 'Boulder', latitude: 40.015, longitude: -105.2705 }, { as: owner })).status).toBe(201);
  const startDate = addCalendarDays(localToday(Date.now(), 'America/Denver'), 2);
  expect((await t.api.post('/trips/road-settings', { tripId, startDate }, { as: owner })).status).toBe(200);
});

describe('weather with no weather service', () => {
  it('answers that there is none, and the calendar still has sunrise and sunset', async () => {
    expect(t.server.deps.config.weatherUrl).toBeUndefined();
    const answer = await t.api.post('/trips/weather', { tripId }, { as: owner });
    expect(answer).toMatchObject({ status: 200, body: { provider: 'none', incomplete: false, stopDays: [], attribution: null } });

    const ics = await download(t, `/trips/export?tripId=${tripId}&format=ics`, owner);
    const boulder = readIcs(ics.bytes.toString('utf8')).find((event) => event.summary.includes('Boulder'))!;
    expect(boulder.description).toMatch(/Sunrise \d\d:\d\d M[SD]T · sunset \d\d:\d\d M[SD]T/);
    expect(boulder.description).not.toContain('Weather:');
  });
});

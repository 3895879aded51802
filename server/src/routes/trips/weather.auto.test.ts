/**
 * The weather provider as PROVIDERS=auto asks a public service (engine/src/remote), against a stand-in Open-Meteo:
 * checked at start, every request identified by its User-Agent, and a 429 taking it down for its Retry-After: the
 * next calls ask nothing and answer at once with the stored weather, or none, never an error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays, localToday } from '@caravan/shared';
import type { Config, User } from '@caravan/engine';
import { startOpenMeteoStandIn, type OpenMeteoStandIn } from '@caravan/engine/test';
import { buildUser } from '../../test/factories.ts';
import { useTestServer } from '../../test/useTestServer.ts';

let meteo: OpenMeteoStandIn;
const overrides: Partial<Config> = { providers: 'auto', publicOrigin: 'https://trips.example.org' };
beforeAll(async () => {
  meteo = await startOpenMeteoStandIn();
  Object.assign(overrides, { weatherUrl: meteo.forecastUrl, weatherArchiveUrl: meteo.archiveUrl, weatherRequestsPerSecond: 20 });
});
afterAll(() => meteo.close());
const t = useTestServer(overrides);

let owner: User;
const dayTwo = () => addCalendarDays(localToday(Date.now(), 'America/Denver'), 2);

async function tripAt(title: string, places: Array<[number, number]>): Promise<string> {
  const [[latitude, longitude], ...rest] = places;
  const created = await t.api.post('/trips', { title, startLocationName: title, startLocationLatitude: latitude, startLocationLongitude: longitude }, { as: owner });
  expect(created.status).toBe(201);
  const tripId: string = created.body.id;
  for (const [index, [lat, lon]] of rest.entries()) {
    expect((await t.api.post('/trips/stops', { tripId, name: `${title} ${index}`, latitude: lat, longitude: lon }, { as: owner })).status).toBe(201);
  }
  expect((await t.api.post('/trips/road-settings', { tripId, startDate: dayTwo() }, { as: owner })).status).toBe(200);
  return tripId;
}

beforeAll(async () => {
  owner = await buildUser(t.server.deps.dataSource);
});

describe('the weather provider in auto mode', () => {
  it('is checked at start and asked with an identifying User-Agent', async () => {
    expect(t.server.deps.providers.live()).toMatchObject({ weather: true, weatherArchive: true });
    const tripId = await tripAt('Denver', [[39.7392, -104.9903], [38.8339, -104.8214]]);
    const answer = await t.api.post('/trips/weather', { tripId }, { as: owner });
    expect(answer.body.stopDays.every((day: { weather: unknown }) => day.weather !== null)).toBe(true);
    expect(new Set(meteo.userAgents)).toEqual(new Set(['Caravan/0.1.0 (+https://trips.example.org)']));
  });

  it('backs off on 429: later calls ask nothing and answer at once, with no weather where none is stored', async () => {
    meteo.tooMany = true;
    try {
      const first = await tripAt('Boulder', [[40.015, -105.2705], [40.5853, -105.0844]]);
      const refused = await t.api.post('/trips/weather', { tripId: first }, { as: owner });
      expect(refused).toMatchObject({ status: 200, body: { incomplete: true } });
      expect(t.server.deps.providers.live().weather).toBe(false);

      const asked = meteo.requests.length;
      const second = await tripAt('Pueblo', [[38.2544, -104.6091], [37.1695, -104.5005]]);
      const started = Date.now();
      const answer = await t.api.post('/trips/weather', { tripId: second }, { as: owner });
      expect(answer).toMatchObject({ status: 200, body: { provider: 'open-meteo', incomplete: true } });
      expect(Date.now() - started).toBeLessThan(2000);
      expect(meteo.requests.length).toBe(asked);
    } finally {
      meteo.tooMany = false;
    }
  });
});

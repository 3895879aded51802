/**
 * The weather of a trip's stop-days over HTTP, against a stand-in Open-Meteo on 127.0.0.1: a forecast for the
 * days within 16 days (each day's figures, and the arrival hour's), climate normals beyond (ten years of the archive
 * averaged), one request for all the places a trip needs, a place asked at most once an hour whatever the trips,
 * the provider down (the stored answer serves; none stored: no weather and a 200, the trip page unharmed), a place
 * in another zone asked in its own zone and answered for its own day, a shared trip's readers by its link, and the
 * calendar's events and the PDF carrying each stop's weather and sun with Open-Meteo's credit (and, when the owner asks, a
 * drive in the dark).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays, computeSchedule, localToday, WEATHER_ATTRIBUTION, type TTripWeatherResponse } from '@caravan/shared';
import type { Config, User } from '@caravan/engine';
import { STAND_IN_ARCHIVE, standInForecast, standInHourTemperature, startOpenMeteoStandIn, type OpenMeteoStandIn } from '@caravan/engine/test';
import { exportSourceOf } from '../../exports/exportTrip.ts';
import { download, readIcs, readPdfText } from '../../test/exportReaders.ts';
import { buildUser } from '../../test/factories.ts';
import { useTestServer } from '../../test/useTestServer.ts';

let meteo: OpenMeteoStandIn;
const overrides: Partial<Config> = {};
beforeAll(async () => {
  meteo = await startOpenMeteoStandIn();
  Object.assign(overrides, { weatherUrl: meteo.forecastUrl, weatherArchiveUrl: meteo.archiveUrl });
});
afterAll(() => meteo.close());
const t = useTestServer(overrides);

const LA = 'America/Los_Angeles';
type NewStop = { name: string; latitude: number; longitude: number };
const SEATTLE = { name: 'Seattle', latitude: 47.6062, longitude: -122.3321 };
const PORTLAND = { name: 'Portland', latitude: 45.5152, longitude: -122.6784 };
const EUREKA = { name: 'Eureka', latitude: 40.8021, longitude: -124.1637 };

let owner: User;

/** A trip as its owner makes it: created with its start, the stops added, its start date and any planned date set by call. */
async function makeTrip(title: string, [start, ...rest]: NewStop[], startDate: string, plannedDates: Record<string, string> = {}): Promise<string> {
  const body = { title, startLocationName: start.name, startLocationLatitude: start.latitude, startLocationLongitude: start.longitude };
  const created = await t.api.post('/trips', body, { as: owner });
  expect(created.status).toBe(201);
  const id: string = created.body.id;
  const stopIds = new Map<string, string>();
  for (const stop of rest) {
    const added = await t.api.post('/trips/stops', { tripId: id, ...stop }, { as: owner });
    expect(added.status).toBe(201);
    stopIds.set(stop.name, added.body.id);
  }
  await t.server.deps.legs.idle();
  expect((await t.api.post('/trips/road-settings', { tripId: id, startDate, departureTime: '09:00' }, { as: owner })).status).toBe(200);
  for (const [name, plannedArrivalDate] of Object.entries(plannedDates)) {
    const dated = await t.api.post('/trips/stops/update-planned-date', { tripId: id, stopId: stopIds.get(name), plannedArrivalDate, autoScheduled: false }, { as: owner });
    expect(dated.status).toBe(200);
  }
  return id;
}

const weatherOf = async (tripId: string): Promise<TTripWeatherResponse> => {
  const answer = await t.api.post('/trips/weather', { tripId }, { as: owner });
  expect(answer.status).toBe(200);
  return answer.body;
};

/** The schedule the page computes: each stop's local date and arrival. */
const scheduleOf = (tripId: string) =>
  t.server.deps.tripDocs.read(tripId, ({ doc }) => {
    const { settings, stops } = exportSourceOf(doc);
    const schedule = computeSchedule(settings, stops);
    return new Map(stops.map((stop, index) => [stop.name, { id: stop.id, ...schedule.stops[index] }]));
  });

const agePlaces = (kind: string) => t.server.deps.dataSource.query(`UPDATE weather_places SET fetched_at = now() - interval '61 minutes' WHERE kind = $1`, [kind]);
const requestsSince = (count: number) => meteo.requests.slice(count);

let tripId: string;
let dayTwo: string;
let farDay: string;

beforeAll(async () => {
  owner = await buildUser(t.server.deps.dataSource);
  const today = localToday(Date.now(), LA);
  dayTwo = addCalendarDays(today, 2);
  farDay = addCalendarDays(today, 40);
  tripId = await makeTrip('Coast north to south', [SEATTLE, PORTLAND, EUREKA], dayTwo, { Eureka: farDay });
});

describe('the weather of each stop-day', () => {
  it('gives a forecast within 16 days (the day and the arrival hour) and the normals beyond, in one request per kind', async () => {
    const before = meteo.requests.length;
    const answer = await weatherOf(tripId);
    const stops = await scheduleOf(tripId);

    expect(answer).toMatchObject({ provider: 'open-meteo', incomplete: false, attribution: 'Weather data by Open-Meteo.com (CC BY 4.0)' });
    expect(answer.stopDays.map((day) => [day.stopId, day.date, day.weather?.kind])).toEqual([
      [stops.get('Seattle')!.id, dayTwo, 'forecast'],
      [stops.get('Portland')!.id, dayTwo, 'forecast'],
      [stops.get('Eureka')!.id, farDay, 'normals'],
    ]);
    const portland = answer.stopDays[1].weather!;
    const arrivalHour = Number(stops.get('Portland')!.arrival.slice(11, 13));
    expect(portland).toMatchObject({
      ...standInForecast(dayTwo),
      arrival: { temperatureC: standInHourTemperature(dayTwo, arrivalHour), weatherCode: standInForecast(dayTwo).weatherCode },
    });
    expect(answer.stopDays[0].weather!.arrival!.temperatureC).toBe(standInHourTemperature(dayTwo, 9));
    const eureka = answer.stopDays[2].weather!;
    expect(eureka).toMatchObject({ ...STAND_IN_ARCHIVE, years: 10, arrival: null });
    // About one day in three of the window is wet in the stand-in's archive.
    expect(eureka.precipitationProbability).toBeGreaterThan(20);
    expect(eureka.precipitationProbability).toBeLessThan(50);

    const asked = requestsSince(before);
    expect(asked.map((url) => url.pathname).sort()).toEqual(['/v1/archive', '/v1/forecast']);
    const forecast = asked.find((url) => url.pathname === '/v1/forecast')!;
    expect(forecast.searchParams.get('latitude')).toBe('47.6,45.5');
    expect(forecast.searchParams.get('longitude')).toBe('-122.3,-122.7');
    expect(forecast.searchParams.get('timezone')).toBe(`${LA},${LA}`);
    const archive = asked.find((url) => url.pathname === '/v1/archive')!;
    const lastYear = new Date().getUTCFullYear() - 1;
    expect([archive.searchParams.get('start_date'), archive.searchParams.get('end_date')]).toEqual([`${lastYear - 9}-01-01`, `${lastYear}-12-31`]);
  });

  it('asks a place at most once an hour, whatever the trip: a second read and a trip nearby ask only for what is new', async () => {
    await weatherOf(tripId);
    let before = meteo.requests.length;
    await weatherOf(tripId);
    expect(requestsSince(before)).toEqual([]);

    const tacoma = { name: 'Tacoma', latitude: 47.2529, longitude: -122.4443 };
    const nearby = await makeTrip('Sound', [{ name: 'Pike Place', latitude: 47.6097, longitude: -122.3422 }, tacoma], dayTwo);
    before = meteo.requests.length;
    const answer = await weatherOf(nearby);
    expect(answer.stopDays.every((day) => day.weather?.kind === 'forecast')).toBe(true);
    expect(requestsSince(before).map((url) => url.searchParams.get('latitude'))).toEqual(['47.3']);

    // An hour on, the forecast is asked again (one request, both places); the normals are kept.
    await agePlaces('forecast');
    before = meteo.requests.length;
    await weatherOf(tripId);
    expect(requestsSince(before).map((url) => [url.pathname, url.searchParams.get('latitude')])).toEqual([['/v1/forecast', '47.6,45.5']]);
  });

  it('answers without weather when the provider is down and nothing is stored, and keeps a stored answer while it is down', async () => {
    meteo.down = true;
    try {
      await agePlaces('forecast');
      const stored = await weatherOf(tripId);
      expect(stored.incomplete).toBe(false);
      expect(stored.stopDays[0].weather).toMatchObject({ kind: 'forecast', ...standInForecast(dayTwo) });
      expect(Date.parse(stored.stopDays[0].weather!.asOf)).toBeLessThan(Date.now() - 60 * 60_000);

      const boise = await makeTrip('High desert', [{ name: 'Boise', latitude: 43.615, longitude: -116.2023 }, { name: 'Twin Falls', latitude: 42.5558, longitude: -114.4701 }], dayTwo);
      const none = await weatherOf(boise);
      expect(none).toMatchObject({ provider: 'open-meteo', incomplete: true });
      expect(none.stopDays.map((day) => day.weather)).toEqual([null, null]);
      // No weather in the calendar, so no credit.
      const events = readIcs((await download(t, `/trips/export?tripId=${boise}&format=ics`, owner)).bytes.toString('utf8'));
      expect(events.map((event) => event.summary)).toEqual(['Boise', 'Twin Falls']);
      for (const event of events) expect(event.description).not.toContain(WEATHER_ATTRIBUTION);
      expect((await t.api.post('/trips/details', { tripId: boise }, { as: owner })).status).toBe(200);
    } finally {
      meteo.down = false;
    }
  });

  it('asks a place in another zone in its zone, and answers it for its own local day', async () => {
    const zone = 'Pacific/Auckland';
    const day = addCalendarDays(localToday(Date.now(), zone), 3);
    const auckland = await makeTrip('Waitematā', [{ name: 'Auckland', latitude: -36.8485, longitude: 174.7633 }, { name: 'Piha', latitude: -36.9535, longitude: 174.4698 }], day);
    const before = meteo.requests.length;
    const answer = await weatherOf(auckland);
    expect(requestsSince(before)[0].searchParams.get('timezone')).toBe(`${zone},${zone}`);
    expect(answer.stopDays.map((stopDay) => [stopDay.date, stopDay.weather?.maxC])).toEqual([
      [day, standInForecast(day).maxC],
      [day, standInForecast(day).maxC],
    ]);
  });

  it("gives a shared trip's weather to anyone with its link, and nothing for a link that names no public trip", async () => {
    const shared = await t.api.post('/trips/share', { tripId, isPublic: true }, { as: owner });
    expect(shared.status).toBe(200);
    const answer = await t.api.post('/trips/public/weather', { shareToken: shared.body.shareToken });
    expect(answer.status).toBe(200);
    expect(answer.body.stopDays).toHaveLength(3);
    expect(answer.body).toEqual(await weatherOf(tripId));
    expect((await t.api.post('/trips/public/weather', { shareToken: 'no-such-token' })).status).toBe(404);
  });

  it("carries each stop's weather and sun into the calendar's event descriptions and the PDF, with the credit", async () => {
    const rain = `${standInForecast(dayTwo).precipitationProbability} % rain`;
    const ics = await download(t, `/trips/export?tripId=${tripId}&format=ics`, owner);
    expect(ics.status).toBe(200);
    const portland = readIcs(ics.bytes.toString('utf8')).find((event) => event.summary.includes('Portland'))!;
    expect(portland.description).toContain(`Weather: `);
    expect(portland.description).toContain(rain);
    expect(portland.description).toContain('on arrival');
    expect(portland.description).toMatch(/Sunrise \d\d:\d\d P[SD]T · sunset \d\d:\d\d P[SD]T/);
    const eureka = readIcs(ics.bytes.toString('utf8')).find((event) => event.summary.includes('Eureka'))!;
    expect(eureka.description).toMatch(/Weather: Usually .*10-year average/);
    // Each event that shows the weather credits it, in the PDF's words, once and last.
    for (const event of [portland, eureka]) expect(event.description.split(WEATHER_ATTRIBUTION)).toEqual([expect.stringMatching(/\n$/), '']);

    const pdf = await download(t, `/trips/export?tripId=${tripId}&format=pdf`, owner);
    expect(pdf.status).toBe(200);
    const words = (await readPdfText(pdf.bytes)).replace(/\s+/g, ' ');
    expect(words).toContain('Weather at Portland:');
    expect(words).toContain(rain);
    expect(words).toContain('Weather data by Open-Meteo.com (CC BY 4.0)');
  });

  it("warns of a drive in the dark in the PDF's day header and the calendar event it arrives at, once the owner asks for it", async () => {
    const night = await makeTrip('Night drive', [SEATTLE, { name: 'Tacoma', latitude: 47.2529, longitude: -122.4443 }], dayTwo);
    const pdfWords = async () => (await readPdfText((await download(t, `/trips/export?tripId=${night}&format=pdf`, owner)).bytes)).replace(/\s+/g, ' ');
    const tacomaEvent = async () => {
      const ics = await download(t, `/trips/export?tripId=${night}&format=ics`, owner);
      expect(ics.status).toBe(200);
      return readIcs(ics.bytes.toString('utf8')).find((event) => event.summary === 'Tacoma')!.description;
    };
    expect((await t.api.post('/trips/road-settings', { tripId: night, departureTime: '23:00', arrivalTime: '23:59' }, { as: owner })).status).toBe(200);
    expect(await pdfWords()).not.toContain('Drives in the dark');
    expect(await tacomaEvent()).not.toContain('Drives in the dark');
    expect((await t.api.post('/trips/road-settings', { tripId: night, warnAfterSunset: true }, { as: owner })).status).toBe(200);
    const warning = /Warning: Drives in the dark: arrives at Tacoma at 23:\d\d P[SD]T, after sunset \(\d\d:\d\d P[SD]T\)/;
    const words = await pdfWords();
    expect(words).toMatch(warning);
    // Said once in the PDF, under the day's header: the stop's own lines leave it to the header.
    expect(words.split('Drives in the dark')).toHaveLength(2);
    const event = await tacomaEvent();
    expect(event).toMatch(warning);
    // The same words in both.
    expect(words).toContain(event.match(warning)![0]);
  });
});

/**
 * The page and the calendar read a stop's clock by the same zone rules, in Debian's Chromium and on the server,
 * whatever tz data each runtime carries: a December 2026 trip through Banff and Lake Louise (Alberta, on UTC−6 all
 * year from November 2026 by the bundled tz data) shows each stop's arrival at the wall clock the ICS download
 * writes for its event, under a VTIMEZONE at −06:00. The reader is in Paris, so the page names the stops' zone.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeSchedule, metaMap, orderedStops, readMeta, stopsMap } from '@caravan/shared';
import { serverOrigin, type Trip, type User } from '@caravan/engine';
import { useTestStack } from '../stack.ts';
import { tripView } from './tripPageParts.ts';
import { tripWithMember, useTripPages } from './tripPages.ts';

const t = useTestStack();
const pages = useTripPages(t, { timezoneId: 'Europe/Paris' });
let owner: User;
let trip: Trip;
let page: Page;

const START = '2026-12-15';
const STOPS = [
  { name: 'Banff', latitude: 51.1784, longitude: -115.5708 },
  { name: 'Lake Louise', latitude: 51.4254, longitude: -116.1773 },
];

const hub = () => t.server.deps.tripDocs;
const liveDoc = async () => (await hub().open(trip.id))!.doc;

/** '10:47 AM' of a calendar's local 'HHMM'. */
const clock = (hhmm: string) => {
  const hour = Number(hhmm.slice(0, 2));
  return `${hour % 12 || 12}:${hhmm.slice(2, 4)} ${hour < 12 ? 'AM' : 'PM'}`;
};

/** Each event's summary with its DTSTART's TZID and local clock, from the calendar text as written. */
function calendarStarts(text: string): Map<string, { zone: string; date: string; clock: string }> {
  const unfolded = text.replace(/\r\n[ \t]/g, '');
  const starts = new Map<string, { zone: string; date: string; clock: string }>();
  for (const event of unfolded.split('BEGIN:VEVENT').slice(1)) {
    const summary = /^SUMMARY:(.*)$/m.exec(event)![1].trim();
    const [, zone, date, time] = /^DTSTART;TZID=([^:]+):(\d{8})T(\d{4})\d\d\r?$/m.exec(event)!;
    starts.set(summary, { zone, date, clock: clock(time) });
  }
  return starts;
}

beforeAll(async () => {
  const crew = await tripWithMember(t, 'viewer', { title: 'Banff in December', stops: STOPS });
  ({ owner, trip } = crew);
  // The trip's start (San Francisco, as every test trip's) moved to Calgary: the whole day is in Alberta.
  await hub().write(trip.id, serverOrigin(owner.id), ({ doc, transact }) =>
    transact(() => {
      metaMap(doc).set('startDate', START);
      const start = stopsMap(doc).get(orderedStops(doc)[0].id)!;
      start.set('name', 'Calgary');
      start.set('latitude', 51.0447);
      start.set('longitude', -114.0719);
      for (const stop of orderedStops(doc).slice(1)) stopsMap(doc).get(stop.id)!.set('stayMinutes', 60);
    }),
  );
  for (let waited = 0; orderedStops(await liveDoc()).filter((stop) => stop.driveLeg).length < STOPS.length; waited += 50) {
    if (waited > 20_000) throw new Error('The legs never came');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  page = await pages.tripPage(owner, trip);
  await tripView(page).getByRole('tab', { name: 'Itinerary View' }).click();
});

describe('a stop’s local time', () => {
  it('is the same on the page as in the calendar file, by the bundled zone rules', async () => {
    const schedule = computeSchedule(readMeta(await liveDoc()), orderedStops(await liveDoc()));
    expect(schedule.stops.slice(1).map((stop) => [stop.timeZone, stop.arrival.slice(19)])).toEqual([
      ['America/Edmonton', '-06:00'],
      ['America/Edmonton', '-06:00'],
    ]);
    const text = await page.evaluate(async (id) => (await fetch(`/_api/trips/export?tripId=${id}&format=ics`)).text(), trip.id);
    expect(text).toMatch(/TZID:America\/Edmonton\r\n(?:(?!END:VTIMEZONE)[\s\S])*TZOFFSETTO:-0600/);
    const starts = calendarStarts(text);
    for (const name of STOPS.map((stop) => stop.name)) {
      const start = starts.get(name)!;
      expect([start.zone, start.date]).toEqual(['America/Edmonton', START.replaceAll('-', '')]);
      const times = tripView(page).locator('.stop-card', { has: page.locator('.stop-card-name').getByText(name, { exact: true }) }).locator('.stop-times');
      await expect.poll(() => times.textContent()).toMatch(new RegExp(`^Arrive ${start.clock} CST · `));
    }
  });
});

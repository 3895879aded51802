/**
 * The calendar feed (docs/product.md#calendar-feed): a per-trip address behind its own secret that calendar
 * apps poll without a session. Only the owner makes, reads, rotates or revokes it; the feed is the trip's plan
 * as it is now; a rotated or revoked secret, or one never made, answers 404.
 */
import { describe, expect, it } from 'vitest';
import { orderedStops } from '@caravan/shared';
import { download, readIcs } from '../../test/exportReaders.ts';
import { ownerOnlyRefusals, tripWithCrew } from '../../test/tripWithCrew.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const t = useTestServer();

const FEED_CALLS = ['/trips/calendar-feed', '/trips/calendar-feed/create', '/trips/calendar-feed/rotate', '/trips/calendar-feed/revoke'];

/** A trip whose first stop (San Francisco) is planned for 2025-08-01, and its owner's calls on the feed. */
async function plannedTrip() {
  const crew = await tripWithCrew(t.server.deps.dataSource, { title: 'Feed, "test"; trip' });
  const [first] = orderedStops((await t.server.deps.tripDocs.open(crew.trip.id))!.doc);
  const as = { as: crew.owner };
  const plan = (stopId: string, date: string) =>
    t.api.post('/trips/stops/update-planned-date', { tripId: crew.trip.id, stopId, plannedArrivalDate: date, autoScheduled: false }, as);
  expect((await plan(first.id, '2025-08-01')).status).toBe(200);
  const feedCall = async (path: string) => {
    const response = await t.api.post(path, { tripId: crew.trip.id }, as);
    expect(response.status).toBe(200);
    return response.body.url as string | null;
  };
  return { ...crew, plan, feedCall };
}

/** The feed as a calendar app fetches it: no cookie, the path of the address the owner copied. */
const poll = (url: string) => download(t, new URL(url).pathname.replace(/^\/_api/, ''));

describe('the calendar feed', () => {
  it('is made by the owner, served without a session as text/calendar, and the same address on a second create', async () => {
    const { feedCall } = await plannedTrip();
    expect(await feedCall('/trips/calendar-feed')).toBeNull();
    const url = (await feedCall('/trips/calendar-feed/create'))!;
    expect(url).toMatch(/^https?:\/\/[^/]+\/_api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await feedCall('/trips/calendar-feed/create')).toBe(url);
    expect(await feedCall('/trips/calendar-feed')).toBe(url);

    const feed = await poll(url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.headers.get('content-disposition')).toBe('inline; filename="feed-test-trip.ics"');
    expect(readIcs(feed.bytes.toString('utf8')).map((event) => [event.summary, event.date])).toEqual([['San Francisco', '2025-08-01']]);
  });

  it('follows the trip: a stop added and planned later is in the next poll', async () => {
    const { trip, owner, plan, feedCall } = await plannedTrip();
    const url = (await feedCall('/trips/calendar-feed/create'))!;
    const added = await t.api.post('/trips/stops', { tripId: trip.id, name: 'Monterey; "Aquarium", & more', latitude: 36.6002, longitude: -121.8947 }, { as: owner });
    expect(added.status).toBe(201);
    expect((await plan(added.body.id, '2025-08-03')).status).toBe(200);
    await t.server.deps.legs.idle();
    const events = readIcs((await poll(url)).bytes.toString('utf8'));
    expect(events.map((event) => [event.summary, event.date])).toEqual([
      ['San Francisco', '2025-08-01'],
      ['Monterey; "Aquarium", & more', '2025-08-03'],
    ]);
    expect(events[1].description).toMatch(/Drive from previous stop: \dh \d+m/);
  });

  it('rotating gives a new address and the old one answers 404; revoking ends it', async () => {
    const { feedCall } = await plannedTrip();
    const first = (await feedCall('/trips/calendar-feed/create'))!;
    const second = (await feedCall('/trips/calendar-feed/rotate'))!;
    expect(second).not.toBe(first);
    expect((await poll(first)).status).toBe(404);
    expect((await poll(second)).status).toBe(200);

    expect(await feedCall('/trips/calendar-feed/revoke')).toBeNull();
    expect(await feedCall('/trips/calendar-feed')).toBeNull();
    const revoked = await poll(second);
    expect(revoked.status).toBe(404);
    expect(JSON.parse(revoked.bytes.toString('utf8'))).toEqual({ error: 'Calendar feed not found' });
  });

  it('answers 404 for a secret never made, one of the wrong shape, or no secret at all', async () => {
    for (const path of [`/calendar/${'A'.repeat(43)}.ics`, '/calendar/short.ics', `/calendar/${'A'.repeat(43)}.json`, '/calendar/']) {
      expect((await download(t, path)).status, path).toBe(404);
    }
  });

  it.each(ownerOnlyRefusals)('refuses the %s every feed call (%i), and changes nothing', async (who, status) => {
    const crew = await plannedTrip();
    const url = (await crew.feedCall('/trips/calendar-feed/create'))!;
    const as = who === 'anonymous' ? undefined : { as: crew[who] };
    for (const path of FEED_CALLS) expect((await t.api.post(path, { tripId: crew.trip.id }, as)).status, path).toBe(status);
    expect(await crew.feedCall('/trips/calendar-feed')).toBe(url);
    expect((await poll(url)).status).toBe(200);
  });

  it('refuses a public trip\'s non-members (403): its feed is not part of what the trip shows them', async () => {
    const crew = await tripWithCrew(t.server.deps.dataSource, { isPublic: true });
    for (const path of FEED_CALLS) expect((await t.api.post(path, { tripId: crew.trip.id }, { as: crew.outsider })).status, path).toBe(403);
  });

  it('refuses a bad trip id or a field it does not take with 400', async () => {
    const { trip, owner } = await plannedTrip();
    for (const body of [{ tripId: 'nope' }, { tripId: 42 }, {}, { tripId: trip.id, secret: 'mine' }]) {
      expect((await t.api.post('/trips/calendar-feed/create', body, { as: owner })).status).toBe(400);
    }
  });
});

/**
 * The My Trips cards, in Debian's Chromium with no network: each card draws its route thumbnail from
 * its located stops (an inline SVG, no map library loaded), and a trip shared with the user says by whom and
 * in which role; the page passes axe.
 */
import { describe, expect, it } from 'vitest';
import { addMember, buildTrip, buildUser } from '@caravan/server/test';
import { useTestStack } from '../stack.ts';
import { axeViolations } from './a11y.ts';
import { screenshot } from './browser.ts';
import { useTripPages } from './tripPages.ts';

const t = useTestStack();
const pages = useTripPages(t, { bypassCSP: true, stepTimeout: 15_000 });

describe('My Trips cards', () => {
  it('show a route thumbnail of the located stops, and who shared a trip in which role', async () => {
    const dataSource = t.server.deps.dataSource;
    const me = await buildUser(dataSource, { displayName: 'Card Reader' });
    const friend = await buildUser(dataSource, { displayName: 'Frida Friend' });
    const mine = await buildTrip(dataSource, me, { title: 'Down the Coast' });
    for (const stop of [
      { name: 'Los Angeles', latitude: 34.0522, longitude: -118.2437 },
      { name: 'Nowhere yet', latitude: 0, longitude: 0 },
      { name: 'San Diego', latitude: 32.7157, longitude: -117.1611 },
    ]) {
      expect((await t.api.post('/trips/stops', { tripId: mine.id, ...stop }, { as: me })).status).toBe(201);
    }
    const shared = await buildTrip(dataSource, friend, { title: 'Friend Trip', description: 'Into the hills' });
    await addMember(dataSource, shared, me, 'viewer');

    const page = await pages.signedInPage(me);
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
    await page.goto(`${t.server.url}/trips`);

    const card = (title: string) => page.locator('.trip-card', { has: page.getByRole('heading', { name: title }) });
    const myCard = card('Down the Coast');
    const thumbnail = myCard.getByRole('img', { name: 'Route of Down the Coast: 3 places' });
    await thumbnail.waitFor();
    const points = (await thumbnail.locator('polyline').getAttribute('points'))!.split(' ').map((pair) => pair.split(',').map(Number));
    expect(points).toHaveLength(3);
    // San Francisco is the north-west end, San Diego the south-east: left/top to right/bottom in the picture.
    expect(points[0][0]).toBeLessThan(points[2][0]);
    expect(points[0][1]).toBeLessThan(points[2][1]);
    expect(await myCard.getByText(/Shared by/).count()).toBe(0);

    const sharedCard = card('Friend Trip');
    await sharedCard.getByText('Shared by Frida Friend · Viewer').waitFor();
    await sharedCard.getByRole('img', { name: 'Route of Friend Trip: 1 place' }).waitFor();
    // Drawn without the map library.
    expect(scripts.filter((url) => /maplibre|mapbox/.test(url))).toEqual([]);
    await screenshot(page, 'my-trips-cards');
    expect(await axeViolations(page)).toEqual([]);
  });
});

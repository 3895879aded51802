/**
 * With MAPBOX_TOKEN set the trip map is drawn by Mapbox GL, not MapLibre. There is no network
 * here, so Mapbox's style and tiles never load; the map must still show its markers, popups and controls.
 */
import { describe, expect, it } from 'vitest';
import { buildTrip, buildUser } from '@caravan/server/test';
import { useTestStack } from '../stack.ts';
import { useTripPages } from './tripPages.ts';
import { tripMap } from './tripPageParts.ts';

/** Shaped like a Mapbox public token (Mapbox GL reads its payload); no Mapbox server is reachable anyway. */
const TOKEN = `pk.${Buffer.from(JSON.stringify({ u: 'caravan', a: 'test' })).toString('base64url')}.signature`;

const t = useTestStack({ mapboxToken: TOKEN });
const pages = useTripPages(t, { viewport: { width: 1280, height: 900 }, stepTimeout: 15_000 });

describe('the trip map with a Mapbox token', () => {
  it('is drawn by Mapbox GL, with the stop markers and their popups', async () => {
    const owner = await buildUser(t.server.deps.dataSource);
    const trip = await buildTrip(t.server.deps.dataSource, owner, { title: 'Mapbox Coast' });
    const page = await pages.tripPage(owner, trip);

    const map = tripMap(page);
    await map.locator('.mapboxgl-map').waitFor();
    expect(await map.locator('.maplibregl-map').count()).toBe(0);
    await map.getByRole('button', { name: 'Stop 1: San Francisco' }).click();
    await map.getByRole('link', { name: 'Open in Google Maps' }).waitFor();
    await map.getByRole('button', { name: 'Zoom in' }).waitFor();
  });
});

/** OSRM's /route between two points: minutes, distance and the road's line, simplified for the trip document. */
import { z } from 'zod';
import type { LegEnds, RoadLeg } from './legRouter.ts';
import { simplifiedGeometry } from './legGeometry.ts';
import { askOsrm, osrmUrl, type OsrmEndpoint } from './osrmRequest.ts';

const ZRouteAnswer = z.object({
  routes: z
    .array(z.object({ duration: z.number().nonnegative(), distance: z.number().nonnegative(), geometry: z.string() }))
    .min(1),
});

export async function askRoute(endpoint: OsrmEndpoint, { from, to }: LegEnds): Promise<RoadLeg> {
  // The full line (not OSRM's own simplified overview, which is cut for one zoom level), simplified here.
  const url = osrmUrl(endpoint, 'route', [from, to], { overview: 'full', geometries: 'polyline' });
  const [route] = (await askOsrm(endpoint, url, ZRouteAnswer, 'route')).routes;
  return {
    minutes: Math.round(route.duration / 60),
    distanceKm: Math.round(route.distance / 100) / 10,
    source: 'osrm',
    geometry: simplifiedGeometry(route.geometry),
  };
}

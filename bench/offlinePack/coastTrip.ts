/**
 * bench:offline-pack's trip: from Big Sur through San Francisco up the coast (US-101 and CA-1 through Mendocino and
 * Humboldt, the Oregon coast, the Washington coast and round the Olympic Peninsula, the Kingston ferry) then I-5
 * from Seattle to Vancouver: waypoints along the real roads,
 * joined by a road line with a point every ~150 m that winds a little either side (curves of a few km, as a coast
 * road has), 16 stops where a road trip stops. Towns along it are the stand-in's denser places: the three big cities
 * 8 km across and more, the rest 2–3 km.
 */
import { haversineKm, type LatLng, type OfflineMapLeg } from '@caravan/shared';
import type { StandInTown } from '@caravan/engine/test';

type Waypoint = [name: string, latitude: number, longitude: number, kind?: 'stop' | 'city'];

const WAYPOINTS: Waypoint[] = [
  ['Big Sur', 36.2704, -121.8081], ['Carmel', 36.5552, -121.9233, 'stop'], ['Monterey', 36.6002, -121.8947],
  ['Santa Cruz', 36.9741, -122.0308], ['Half Moon Bay', 37.4636, -122.4286], ['San Francisco', 37.7749, -122.4194, 'city'], ['Sausalito', 37.859, -122.4852], ['Petaluma', 38.2324, -122.6367],
  ['Santa Rosa', 38.4404, -122.7141], ['Healdsburg', 38.6105, -122.8692, 'stop'], ['Cloverdale', 38.8055, -123.0172],
  ['Ukiah', 39.1502, -123.2078], ['Willits', 39.4096, -123.3556], ['Laytonville', 39.6882, -123.4828],
  ['Garberville', 40.1, -123.7945, 'stop'], ['Fortuna', 40.5982, -124.1573], ['Eureka', 40.8021, -124.1637, 'stop'],
  ['Arcata', 40.8665, -124.0828], ['Orick', 41.2868, -124.0592], ['Klamath', 41.5265, -124.0384],
  ['Crescent City', 41.7558, -124.2026, 'stop'], ['Brookings', 42.0526, -124.284], ['Gold Beach', 42.4073, -124.4218, 'stop'],
  ['Port Orford', 42.7454, -124.4973], ['Bandon', 43.119, -124.4084, 'stop'], ['Coos Bay', 43.3665, -124.2179],
  ['Reedsport', 43.7023, -124.0968], ['Florence', 43.9826, -124.0998, 'stop'], ['Yachats', 44.3112, -124.104],
  ['Newport', 44.6368, -124.0535, 'stop'], ['Lincoln City', 44.9582, -124.0179], ['Tillamook', 45.4562, -123.844],
  ['Cannon Beach', 45.8918, -123.9615, 'stop'], ['Seaside', 45.9932, -123.9226], ['Astoria', 46.1879, -123.8313, 'stop'],
  ['Raymond', 46.6865, -123.7324], ['Aberdeen', 46.9754, -123.8157, 'stop'], ['Lake Quinault', 47.4715, -123.8469],
  ['Kalaloch', 47.6043, -124.3735], ['Forks', 47.9504, -124.3855, 'stop'], ['Lake Crescent', 48.059, -123.792],
  ['Port Angeles', 48.1181, -123.4307], ['Sequim', 48.0795, -123.1018], ['Port Townsend', 48.117, -122.7604, 'stop'],
  ['Kingston', 47.7987, -122.4982], ['Edmonds', 47.8107, -122.3774], ['Seattle', 47.6062, -122.3321, 'city'], ['Everett', 47.979, -122.2021],
  ['Mount Vernon', 48.4201, -122.3343], ['Bellingham', 48.7519, -122.4787, 'stop'], ['Blaine', 48.9937, -122.7471],
  ['Vancouver', 49.2827, -123.1207, 'city'],
];

const STEP_KM = 0.15;
/** How far the road swings either side of the straight line between waypoints, and over what length. */
const [SWING_KM, SWING_PERIOD_KM] = [1.5, 9];
const KM_PER_DEGREE = 111.2;

export interface CoastTrip {
  legs: OfflineMapLeg[];
  stops: LatLng[];
  towns: StandInTown[];
  roadKm: number;
  roadPoints: number;
}

/** The road between two waypoints: straight, pushed sideways by a swing that is zero at both ends. */
function roadBetween(from: LatLng, to: LatLng, seed: number): LatLng[] {
  const km = haversineKm(from, to);
  const steps = Math.max(1, Math.ceil(km / STEP_KM));
  const kx = KM_PER_DEGREE * Math.cos((from.latitude * Math.PI) / 180);
  const [dx, dy] = [(to.longitude - from.longitude) * kx, (to.latitude - from.latitude) * KM_PER_DEGREE];
  const [nx, ny] = [-dy / km, dx / km];
  const points: LatLng[] = [];
  for (let step = 1; step <= steps; step += 1) {
    const t = step / steps;
    const swing = SWING_KM * Math.sin(Math.PI * t) * Math.sin((t * km * 2 * Math.PI) / SWING_PERIOD_KM + seed);
    points.push({ latitude: from.latitude + t * (to.latitude - from.latitude) + (swing * ny) / KM_PER_DEGREE, longitude: from.longitude + t * (to.longitude - from.longitude) + (swing * nx) / kx });
  }
  return points;
}

export function coastTrip(): CoastTrip {
  const at = ([, latitude, longitude]: Waypoint): LatLng => ({ latitude, longitude });
  const legs: OfflineMapLeg[] = [];
  let line: LatLng[] = [at(WAYPOINTS[0])];
  WAYPOINTS.slice(1).forEach((waypoint, index) => {
    line.push(...roadBetween(at(WAYPOINTS[index]), at(waypoint), index));
    if (waypoint[3] === 'stop' || index === WAYPOINTS.length - 2) {
      legs.push({ line, road: true });
      line = [at(waypoint)];
    }
  });
  const roadKm = legs.reduce((sum, leg) => sum + leg.line.slice(1).reduce((km, point, i) => km + haversineKm(leg.line[i], point), 0), 0);
  return {
    legs,
    stops: WAYPOINTS.filter(([, , , kind], index) => kind === 'stop' || index === 0 || index === WAYPOINTS.length - 1).map(at),
    towns: WAYPOINTS.map(([name, latitude, longitude, kind]) => ({ name, latitude, longitude, radiusKm: kind === 'city' ? 8 : 2.5 })),
    roadKm,
    roadPoints: legs.reduce((sum, leg) => sum + leg.line.length, 0),
  };
}

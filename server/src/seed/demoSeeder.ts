/** Demo data for a first run: a demo traveller with one planned trip, and an administrator. Idempotent. */
import type { DataSource } from 'typeorm';
import { tripCreator } from '../commands/tripCreator.ts';
import { adminEnsurer } from '../commands/adminEnsurer.ts';
import { userRegisterer } from '../commands/userRegisterer.ts';
import { findUserByEmail } from '../queries/userLookup.ts';
import { StopEntity } from '@caravan/engine';
import { keysBetween } from '@caravan/shared';
import { randomUUID } from 'node:crypto';

export interface Credentials {
  email: string;
  password: string;
  created: boolean;
}

export const DEMO_USER = { email: 'demo@caravan.test', password: 'caravan-demo', displayName: 'Demo Traveller' };
export const DEFAULT_ADMIN = { email: 'admin@caravan.test', password: 'caravan-admin', displayName: 'Caravan Admin' };

/** The demo's stops, and the plan that gives it days: a stay at the aquarium in its hours, a night in Big Sur. */
const demoStops = [
  {
    name: 'Monterey',
    address: 'Monterey, CA, United States',
    latitude: 36.6002,
    longitude: -121.8947,
    plan: { kind: 'sight', stay_minutes: 150, opening_hours: 'Mo-Su 09:30-18:00' },
  },
  {
    name: 'Big Sur',
    address: 'Big Sur, CA, United States',
    latitude: 36.2704,
    longitude: -121.8081,
    plan: {
      kind: 'nature',
      stay_minutes: 120,
      overnight: true,
      lodging: { name: 'Big Sur River Inn', address: '46800 CA-1, Big Sur, CA 93920', checkIn: '15:00', checkOut: '09:00', confirmation: null, url: null, price: null, nights: 1 },
    },
  },
  { name: 'Santa Barbara', address: 'Santa Barbara, CA, United States', latitude: 34.4208, longitude: -119.6982, plan: { kind: 'food', stay_minutes: 45 } },
  { name: 'Los Angeles', address: 'Los Angeles, CA, United States', latitude: 34.0522, longitude: -118.2437, plan: {} },
];

export async function demoSeeder(
  dataSource: DataSource,
  admin: { email: string; password: string } = DEFAULT_ADMIN,
): Promise<{ demo: Credentials; admin: Credentials }> {
  const existing = await findUserByEmail(dataSource, DEMO_USER.email);
  if (!existing) {
    const user = await userRegisterer(dataSource, DEMO_USER);
    const trip = await tripCreator(dataSource, user.id, {
      title: 'Pacific Coast Highway',
      description: 'San Francisco to Los Angeles along Highway 1.',
      startLocationName: 'San Francisco',
      startLocationAddress: 'San Francisco, CA, United States',
      startLocationLatitude: 37.7749,
      startLocationLongitude: -122.4194,
    });
    const [, ...keys] = keysBetween(null, null, demoStops.length + 1);
    const stops = demoStops.map(({ plan, ...stop }, index) => ({ ...stop, id: randomUUID(), tripId: trip.id, pos: keys[index], stopOrder: index + 1 }));
    await dataSource.getRepository(StopEntity).insert(stops);
    // The plan columns are the projection's (the entity does not map them); the trip's first document is seeded from them.
    for (const [index, { plan }] of demoStops.entries()) {
      await dataSource.query(
        `UPDATE stops SET kind = $3, stay_minutes = $4, opening_hours = $5, overnight = $6, lodging = $7 WHERE trip_id = $1 AND id = $2`,
        [trip.id, stops[index].id, plan.kind ?? null, plan.stay_minutes ?? null, plan.opening_hours ?? null, plan.overnight ?? false, plan.lodging ? JSON.stringify(plan.lodging) : null],
      );
    }
  }
  const adminCreated = await adminEnsurer(dataSource, { ...admin, displayName: DEFAULT_ADMIN.displayName });
  return {
    demo: { ...DEMO_USER, created: !existing },
    admin: { email: admin.email, password: admin.password, created: adminCreated },
  };
}

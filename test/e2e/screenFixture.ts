/**
 * The people and the trip that the every-screen browser tests visit: an owner's trip with a stop, a journal
 * entry, a comment, a suggestion, a pending invitation and a share link, so each panel shows rows and not
 * only its empty state; a viewer, an invitee and an administrator beside the owner.
 */
import { expect } from 'vitest';
import type { Trip, User } from '@caravan/engine';
import { addMember, buildTrip, buildUser } from '@caravan/server/test';
import type { TestStack } from '../stack.ts';

export interface ScreenFixture {
  owner: User;
  admin: User;
  viewer: User;
  invitee: User;
  trip: Trip;
  shareToken: string;
  invitationToken: string;
}

export async function buildScreenFixture(t: TestStack): Promise<ScreenFixture> {
  async function post(path: string, body: object, as: User) {
    const response = await t.api.post(path, body, { as });
    expect(response.status, path).toBeLessThan(300);
    return response.body;
  }
  const { dataSource } = t.server.deps;
  const owner = await buildUser(dataSource, { displayName: 'Olivia Owner' });
  const admin = await buildUser(dataSource, { displayName: 'Ada Admin', role: 'admin' });
  const invitee = await buildUser(dataSource, { displayName: 'Ines Invitee' });
  const viewer = await buildUser(dataSource, { displayName: 'Victor Viewer' });
  const trip = await buildTrip(dataSource, owner, { title: 'Big Sur Loop', description: 'Cliffs, bridges and fog' });
  await addMember(dataSource, trip, viewer, 'viewer');
  const monterey = await post(
    '/trips/stops',
    { tripId: trip.id, name: 'Monterey', address: 'Monterey, California, United States', latitude: 36.6002, longitude: -121.8947 },
    owner,
  );
  await post('/trips/stops/journal/create', { tripId: trip.id, stopId: monterey.id, content: 'Sea otters.', photos: [], entryDate: '2026-07-02' }, owner);
  await post('/trips/comments/create', { tripId: trip.id, stopId: monterey.id, content: 'Parking?' }, viewer);
  await post('/trips/suggestions/create', { tripId: trip.id, name: 'Bixby Creek Bridge', notes: 'The arch' }, viewer);
  const { invitationToken } = await post('/trips/members/invite', { tripId: trip.id, email: invitee.email }, owner);
  const { shareToken } = await post('/trips/share', { tripId: trip.id, isPublic: true }, owner);
  return { owner, admin, viewer, invitee, trip, shareToken, invitationToken };
}

/** The crew most trip tests need: a trip with an owner, an editor, a viewer, and someone outside it. */
import type { DataSource } from 'typeorm';
import type { Trip, User } from '@caravan/engine';
import { addMember, buildTrip, buildUser } from './factories.ts';

export interface Crew {
  owner: User;
  editor: User;
  viewer: User;
  outsider: User;
  trip: Trip;
}

export async function tripWithCrew(
  dataSource: DataSource,
  options: { isPublic?: boolean; title?: string } = {},
): Promise<Crew> {
  const [owner, editor, viewer, outsider] = await Promise.all(
    ['Olive Owner', 'Eddie Editor', 'Vera Viewer', 'Otto Outsider'].map((displayName) => buildUser(dataSource, { displayName })),
  );
  const trip = await buildTrip(dataSource, owner, { title: options.title ?? 'Great Lakes Loop' });
  await addMember(dataSource, trip, editor, 'editor');
  await addMember(dataSource, trip, viewer, 'viewer');
  if (options.isPublic) await dataSource.query(`UPDATE trips SET is_public = true WHERE id = $1`, [trip.id]);
  return { owner, editor, viewer, outsider, trip };
}

/**
 * Everyone an owner-only call refuses, with the status they get: members 403, an outsider 404 (the trip
 * stays hidden from them), a caller without a session 401. For `it.each`.
 */
export const ownerOnlyRefusals = [
  ['editor', 403],
  ['viewer', 403],
  ['outsider', 404],
  ['anonymous', 401],
] as const;

/** Test data for the collaboration calls: a trip with an owner, an editor, a viewer, and someone outside it. */
import type { DataSource } from 'typeorm';
import { readActivity, readMeta, readSuggestions, type DocActivity } from '@caravan/shared';
import type { Trip } from '../../entities/trip.ts';
import type { User } from '../../entities/user.ts';
import { addMember, buildTrip, buildUser } from '../../test/factories.ts';
import type { TripDocHub } from '../../tripDocs/tripDocHub.ts';

export interface Crew {
  owner: User;
  editor: User;
  viewer: User;
  outsider: User;
  trip: Trip;
}

export async function tripWithCrew(dataSource: DataSource, options: { isPublic?: boolean } = {}): Promise<Crew> {
  const [owner, editor, viewer, outsider] = await Promise.all(
    ['Olive Owner', 'Eddie Editor', 'Vera Viewer', 'Otto Outsider'].map((displayName) => buildUser(dataSource, { displayName })),
  );
  const trip = await buildTrip(dataSource, owner, { title: 'Great Lakes Loop' });
  await addMember(dataSource, trip, editor, 'editor');
  await addMember(dataSource, trip, viewer, 'viewer');
  if (options.isPublic) await dataSource.query(`UPDATE trips SET is_public = true WHERE id = $1`, [trip.id]);
  return { owner, editor, viewer, outsider, trip };
}

export async function count(dataSource: DataSource, sql: string, params: unknown[]): Promise<number> {
  const [row] = await dataSource.query(`SELECT count(*)::int AS count FROM (${sql}) AS counted`, params);
  return row.count;
}

/** The REST server's own live document of the trip, which every server-origin write went through. */
export async function liveDoc(tripDocs: TripDocHub, tripId: string) {
  const live = await tripDocs.open(tripId);
  return live!.doc;
}

export async function docActivity(tripDocs: TripDocHub, tripId: string): Promise<DocActivity[]> {
  return readActivity(await liveDoc(tripDocs, tripId));
}

export async function docSuggestions(tripDocs: TripDocHub, tripId: string) {
  return readSuggestions(await liveDoc(tripDocs, tripId));
}

export async function membersVersion(tripDocs: TripDocHub, tripId: string): Promise<number> {
  return readMeta(await liveDoc(tripDocs, tripId)).membersVersion ?? 0;
}

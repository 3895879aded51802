/** What the collaboration tests read back: row counts and the REST server's live trip document. The crew is test/tripWithCrew.ts. */
import type { DataSource } from 'typeorm';
import { readActivity, readMeta, readSuggestions, type DocActivity } from '@caravan/shared';
import type { TripDocHub } from '@caravan/engine';

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

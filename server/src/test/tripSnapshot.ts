/**
 * Everything a trip call could change, for some trips, as one comparable string: the trips, their
 * members, stops, journal entries, photos, the number of document updates and activity rows, calendar
 * feeds, the history's versions, and the blob store's files. Tests take it before and after a refused call: equal means nothing changed.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AppDeps } from '../types.ts';

export async function tripSnapshot(deps: Pick<AppDeps, 'dataSource' | 'config' | 'legs'>, tripIds: string[]): Promise<string> {
  // Legs of the setup's stops are derived in the background: let them land before comparing (at once:
  // waiting out the debounce before every snapshot made the authorization matrix minutes slower).
  await deps.legs.settle();
  const [rows] = await deps.dataSource.query(
    `SELECT (SELECT json_agg(t ORDER BY t.id) FROM trips t WHERE t.id = ANY($1::uuid[])) AS trips,
            (SELECT json_agg(m ORDER BY m.trip_id, m.user_id) FROM trip_members m WHERE m.trip_id = ANY($1::uuid[])) AS members,
            (SELECT json_agg(s ORDER BY s.id) FROM stops s WHERE s.trip_id = ANY($1::uuid[])) AS stops,
            (SELECT json_agg(j ORDER BY j.id) FROM journal_entries j WHERE j.trip_id = ANY($1::uuid[])) AS journal,
            (SELECT json_agg(p ORDER BY p.id) FROM photos p WHERE p.trip_id = ANY($1::uuid[])) AS photos,
            (SELECT count(*) FROM trip_doc_updates u WHERE u.trip_id = ANY($1::uuid[])) AS updates,
            (SELECT count(*) FROM activities a WHERE a.trip_id = ANY($1::uuid[])) AS activities,
            (SELECT json_agg(f ORDER BY f.trip_id) FROM trip_calendar_feeds f WHERE f.trip_id = ANY($1::uuid[])) AS "calendarFeeds",
            (SELECT json_agg(json_build_object('trip', v.trip_id, 'id', v.id, 'kind', v.kind, 'name', v.name) ORDER BY v.trip_id, v.id)
               FROM trip_versions v WHERE v.trip_id = ANY($1::uuid[])) AS versions`,
    [tripIds],
  );
  const uploads = path.join(deps.config.dataDir, 'uploads');
  return JSON.stringify({ ...rows, files: fs.existsSync(uploads) ? fs.readdirSync(uploads).sort() : [] });
}

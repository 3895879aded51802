/**
 * My Trips' card previews (docs/product.md#my-trips): for every trip the user belongs to, the route of its
 * located stops (rounded, thinned: ZTripPreview), when the user does not own it, who shared it with them —
 * the member who invited them if an accepted invitation says so, else the owner — and its dates: from its day 1
 * (the trip's start date, else its earliest planned arrival) to its latest planned arrival, in one query; for a trip
 * that may be under way while those dates say it is over, to its schedule's last day (`scheduledLastDays`).
 */
import type { DataSource } from 'typeorm';
import { hasPosition, TRIP_PREVIEW_MAX_POINTS, type TTripPreview, type TTripRole } from '@caravan/shared';
import type { AppDeps } from '../types.ts';

interface PreviewRow {
  id: string;
  role: TTripRole;
  owner: string;
  inviter: string | null;
  points: Array<{ latitude: number; longitude: number }>;
  first: string | null;
  last: string | null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Evenly spread picks of at most `max` items, the first and the last always among them. */
export function thinOut<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max) return [...items];
  const step = (items.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, index) => items[Math.round(index * step)]);
}

export function previewRoute(points: PreviewRow['points']): TTripPreview['route'] {
  const located = points.filter(hasPosition).map(({ latitude, longitude }): [number, number] => [round2(longitude), round2(latitude)]);
  return thinOut(located, TRIP_PREVIEW_MAX_POINTS);
}

/** Trips whose first day is longer ago than this are over for My Trips, whatever their schedule says. */
const UNDER_WAY_LOOKBACK_DAYS = 60;

/** The calendar day `days` after `date` ('YYYY-MM-DD'). */
const dayAfter = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A trip dated by its start date alone (or by planned arrivals that stop early) lasts as long as its schedule, which
 * the stored dates do not say: for each trip that started at most UNDER_WAY_LOOKBACK_DAYS ago and whose stored last day
 * is past somewhere on Earth by tomorrow (UTC−12 to UTC+14: the device's zone is not known here), the last day is read
 * off its schedule, walked in the worker pool as the weather walks it (counted against the user, one trip at a time).
 * A trip whose walk fails keeps its stored dates: the list never fails for it.
 */
async function scheduledLastDays(deps: ScheduleDeps, userId: number, rows: PreviewRow[], now: Date): Promise<void> {
  const today = now.toISOString().slice(0, 10);
  const mayBeUnderWay = (row: PreviewRow) =>
    row.first !== null && row.last !== null && row.first <= dayAfter(today, 1) && row.first >= dayAfter(today, -UNDER_WAY_LOOKBACK_DAYS) && row.last <= today;
  for (const row of rows.filter(mayBeUnderWay)) {
    try {
      const updates = await deps.tripDocs.storedUpdates(row.id);
      if (!updates) continue;
      const days = await deps.heavyWork.run(userId, 'stopDays', { updates });
      for (const { date } of days) if (date > row.last!) row.last = date;
    } catch {
      // The stored dates stand (a busy pool, a trip deleted meanwhile).
    }
  }
}

type ScheduleDeps = Pick<AppDeps, 'tripDocs' | 'heavyWork'>;

export async function tripPreviewsQuery(
  { dataSource, ...deps }: ScheduleDeps & { dataSource: DataSource },
  userId: number,
  now: Date = new Date(),
): Promise<TTripPreview[]> {
  const rows: PreviewRow[] = await dataSource.query(
    `SELECT t.id, m.role, o.display_name AS owner,
            (SELECT u.display_name FROM invitations i JOIN users u ON u.id = i.invited_by
              WHERE i.trip_id = t.id AND i.accepted_by = $1
              ORDER BY i.accepted_at DESC LIMIT 1) AS inviter,
            COALESCE((SELECT json_agg(json_build_object('latitude', s.latitude, 'longitude', s.longitude)
                                      ORDER BY s.stop_order, s.pos, s.id)
                        FROM stops s WHERE s.trip_id = t.id), '[]') AS points,
            to_char(COALESCE(t.start_date, d.first), 'YYYY-MM-DD') AS first,
            to_char(GREATEST(d.last, COALESCE(t.start_date, d.first)), 'YYYY-MM-DD') AS last
       FROM trips t
       -- Planned arrivals are kept as midnight UTC; the epoch is a cleared date.
       CROSS JOIN LATERAL (SELECT min((s.planned_arrival_date AT TIME ZONE 'UTC')::date) AS first,
                                  max((s.planned_arrival_date AT TIME ZONE 'UTC')::date) AS last
                             FROM stops s
                            WHERE s.trip_id = t.id AND s.planned_arrival_date >= '1970-01-02T00:00:00Z') d
       JOIN trip_members m ON m.trip_id = t.id AND m.user_id = $1
       JOIN users o ON o.id = t.owner_id
      ORDER BY t.created_at DESC, t.id`,
    [userId],
  );
  await scheduledLastDays(deps, userId, rows, now);
  return rows.map((row) => ({
    id: row.id,
    route: previewRoute(row.points),
    sharedBy: row.role === 'owner' ? null : (row.inviter ?? row.owner),
    dates: row.first && row.last ? { first: row.first, last: row.last } : null,
  }));
}

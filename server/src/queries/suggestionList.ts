/** A trip's stop suggestions from their projection rows, newest first, with the accounts' current names. */
import type { DataSource, EntityManager } from 'typeorm';
import type { TSuggestion, TSuggestionListFilter, TSuggestionStatus } from '@caravan/shared';
import { presentSuggestion, type SuggestionFields } from '../presenters/suggestion.ts';

/** 'archived' is the Archived tab, which holds denied suggestions too. */
const STATUSES: Record<TSuggestionListFilter, TSuggestionStatus[]> = {
  pending: ['pending'],
  denied: ['denied'],
  archived: ['denied', 'archived'],
};

export async function suggestionListQuery(
  db: DataSource | EntityManager,
  tripId: string,
  filter: { status?: TSuggestionListFilter; id?: string } = {},
): Promise<TSuggestion[]> {
  const rows: SuggestionFields[] = await db.query(
    `SELECT s.id, s.name, s.address, s.notes, s.latitude, s.longitude, s.status, s.suggested_by AS "suggestedBy",
            su.display_name AS "suggestedByDisplayName", su.avatar_url AS "suggestedByAvatarUrl",
            s.created_at AS "createdAt", ru.display_name AS "reviewedByDisplayName", s.reviewed_at AS "reviewedAt",
            s.approved_stop_id AS "approvedStopId"
       FROM stop_suggestions s
       LEFT JOIN users su ON su.id = s.suggested_by
       LEFT JOIN users ru ON ru.id = s.reviewed_by
      WHERE s.trip_id = $1
        AND ($2::text[] IS NULL OR s.status = ANY($2::text[]))
        AND ($3::uuid IS NULL OR s.id = $3)
      ORDER BY s.created_at DESC, s.id DESC`,
    [tripId, filter.status ? STATUSES[filter.status] : null, filter.id ?? null],
  );
  return rows.map(presentSuggestion);
}

/** One suggestion of the trip, as the list shows it (the answer of the calls that write one). */
export async function suggestionQuery(db: DataSource | EntityManager, tripId: string, id: string): Promise<TSuggestion> {
  const [suggestion] = await suggestionListQuery(db, tripId, { id });
  return suggestion;
}

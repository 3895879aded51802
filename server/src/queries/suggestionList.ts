/**
 * A trip's stop suggestions from their projection rows, newest first, with the accounts' current names and the
 * votes from the trip document, both read from one snapshot so they agree.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { suggestionTally, type TSuggestion, type TSuggestionListFilter, type TSuggestionStatus } from '@caravan/shared';
import type { TripDocHub } from '@caravan/engine';
import { presentSuggestion, type SuggestionFields } from '../presenters/suggestion.ts';

/** 'archived' is the Archived tab, which holds denied suggestions too. */
const STATUSES: Record<TSuggestionListFilter, TSuggestionStatus[]> = {
  pending: ['pending'],
  denied: ['denied'],
  archived: ['denied', 'archived'],
};

export function suggestionListQuery(
  tripDocs: TripDocHub,
  tripId: string,
  reader: number,
  filter: { status?: TSuggestionListFilter; id?: string } = {},
): Promise<TSuggestion[]> {
  // The document caught up on the log, and the rows, from one snapshot.
  return tripDocs.read(tripId, async ({ doc, manager }) =>
    (await suggestionRows(manager, tripId, filter)).map((suggestion) => ({ ...suggestion, votes: suggestionTally(doc, suggestion.id, reader) })),
  );
}

async function suggestionRows(
  db: DataSource | EntityManager,
  tripId: string,
  filter: { status?: TSuggestionListFilter; id?: string },
): Promise<Array<Omit<TSuggestion, 'votes'>>> {
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
export async function suggestionQuery(tripDocs: TripDocHub, tripId: string, reader: number, id: string): Promise<TSuggestion> {
  const [suggestion] = await suggestionListQuery(tripDocs, tripId, reader, { id });
  return suggestion;
}

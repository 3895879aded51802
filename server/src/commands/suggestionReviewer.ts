/**
 * The owner or an editor approves, denies or archives a pending suggestion; a suggestion is reviewed once
 * (again answers 409). Approving adds the stop at the end of the trip, or where it adds the least driving when
 * asked (stopPlacements, over the stops as the document holds them now), in the same document transaction,
 * so members see the suggestion leave the list, the stop appear and the activity entry together.
 */
import { randomUUID } from 'node:crypto';
import {
  addStop,
  messages,
  orderedStops,
  stopPlacements,
  readRecord,
  suggestionsMap,
  type DocSuggestion,
  type TReviewSuggestionRequest,
} from '@caravan/shared';
import { AppError, assertTripNotFull, recordActivity, serverOrigin, type TripDocHub, type User } from '@caravan/engine';

const text = messages.collaboration.suggestions;

export async function suggestionReviewer(
  tripDocs: TripDocHub,
  reviewer: User,
  params: Pick<TReviewSuggestionRequest, 'tripId' | 'suggestionId' | 'status' | 'placement'>,
): Promise<void> {
  await tripDocs.write(params.tripId, serverOrigin(reviewer.id), ({ doc, transact }) => {
    const record = suggestionsMap(doc).get(params.suggestionId);
    if (!record) throw new AppError('not_found', text.notFound);
    const suggestion = readRecord<DocSuggestion>(record);
    if (suggestion.status !== 'pending') throw new AppError('conflict', text.alreadyReviewed);
    if (params.status === 'approved') assertTripNotFull(doc);

    transact(() => {
      const fields = {
        name: suggestion.name,
        address: suggestion.address,
        notes: suggestion.notes,
        latitude: suggestion.latitude ?? 0,
        longitude: suggestion.longitude ?? 0,
      };
      const stop =
        params.status === 'approved'
          ? addStop(doc, randomUUID(), fields, stopPlacements(orderedStops(doc), fields)[params.placement].index)
          : null;
      record.set('status', params.status);
      record.set('reviewedBy', reviewer.id);
      record.set('reviewedAt', new Date().toISOString());
      record.set('approvedStopId', stop?.id ?? null);
      recordActivity(doc, reviewer, `suggestion_${params.status}`, {
        suggestionName: suggestion.name,
        suggestedByDisplayName: suggestion.suggestedByDisplayName,
        suggestedBy: suggestion.suggestedBy,
        ...(stop && { stopName: stop.name, stopId: stop.id }),
      });
    });
  });
}

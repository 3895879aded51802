/** Allow-list for a stop suggestion (docs/product.md#suggestions); names and avatars are the accounts' own, read by the server. */
import { messages, type TSuggestion } from '@caravan/shared';
import type { StopSuggestion } from '@caravan/engine';

/** A suggestion row with its accounts' current names (null where the account is gone). */
export interface SuggestionFields extends Omit<StopSuggestion, 'tripId' | 'reviewedBy'> {
  suggestedByDisplayName: string | null;
  suggestedByAvatarUrl: string | null;
  reviewedByDisplayName: string | null;
}

/** The votes are the document's, added by the query that reads them with the rows. */
export function presentSuggestion(suggestion: SuggestionFields): Omit<TSuggestion, 'votes'> {
  return {
    id: suggestion.id,
    name: suggestion.name,
    address: suggestion.address,
    notes: suggestion.notes,
    latitude: suggestion.latitude,
    longitude: suggestion.longitude,
    status: suggestion.status,
    suggestedBy: suggestion.suggestedBy,
    suggestedByDisplayName: suggestion.suggestedByDisplayName ?? messages.collaboration.formerMember,
    suggestedByAvatarUrl: suggestion.suggestedByAvatarUrl,
    createdAt: suggestion.createdAt.toISOString(),
    reviewedByDisplayName: suggestion.reviewedAt ? (suggestion.reviewedByDisplayName ?? messages.collaboration.formerMember) : null,
    reviewedAt: suggestion.reviewedAt?.toISOString() ?? null,
    approvedStopId: suggestion.approvedStopId,
  };
}

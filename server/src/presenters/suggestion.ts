/** Allow-list for a stop suggestion (SPEC-2 §3); names and avatars are the accounts' own, read by the server. */
import { messages, type TSuggestion, type TSuggestionStatus } from '@caravan/shared';

export interface SuggestionFields {
  id: string;
  name: string;
  address: string | null;
  notes: string | null;
  latitude: number | null;
  longitude: number | null;
  status: TSuggestionStatus;
  suggestedBy: number | null;
  suggestedByDisplayName: string | null;
  suggestedByAvatarUrl: string | null;
  createdAt: Date;
  reviewedByDisplayName: string | null;
  reviewedAt: Date | null;
  approvedStopId: string | null;
}

export function presentSuggestion(suggestion: SuggestionFields): TSuggestion {
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

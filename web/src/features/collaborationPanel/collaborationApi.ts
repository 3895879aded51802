/** Calls of the collaboration panel (SPEC-2 §7): members, invitations, suggestions and the activity feed. */
import {
  ZActivityResponse,
  ZInvitationListResponse,
  ZInviteMemberResponse,
  ZRemoveMemberResponse,
  ZSuggestion,
  ZSuggestionsResponse,
  ZTripMembersResponse,
  type TCreateSuggestionRequest,
  type TInvitableRole,
  type TReviewStatus,
  type TSuggestionListFilter,
} from '@caravan/shared';
import { apiCall } from '../../lib/api.ts';

/** Under 'collab', not 'trip': invalidating a trip's details must not refetch every panel too. */
export const collabKeys = {
  members: (tripId: string) => ['collab', tripId, 'members'] as const,
  invitations: (tripId: string) => ['collab', tripId, 'invitations'] as const,
  /** Both suggestion lists (a prefix). */
  allSuggestions: (tripId: string) => ['collab', tripId, 'suggestions'] as const,
  suggestions: (tripId: string, status: TSuggestionListFilter) => [...collabKeys.allSuggestions(tripId), status] as const,
  activity: (tripId: string) => ['collab', tripId, 'activity'] as const,
};

export const collaborationApi = {
  members: (tripId: string) => apiCall(ZTripMembersResponse, '/trips/members', { body: { tripId } }),
  removeMember: (tripId: string, userIdToRemove: number) =>
    apiCall(ZRemoveMemberResponse, '/trips/members/remove', { body: { tripId, userIdToRemove }, fallback: 'Failed to remove member' }),
  invite: (tripId: string, email: string, role: TInvitableRole) =>
    apiCall(ZInviteMemberResponse, '/trips/members/invite', { body: { tripId, email, role }, fallback: 'Failed to invite member' }),
  invitations: (tripId: string) =>
    apiCall(ZInvitationListResponse, `/trips/invitations?tripId=${encodeURIComponent(tripId)}`, { fallback: 'Failed to fetch invitations' }),
  suggestions: (tripId: string, status: TSuggestionListFilter) =>
    apiCall(ZSuggestionsResponse, '/trips/suggestions', { body: { tripId, status }, fallback: 'Failed to fetch trip suggestions' }),
  suggest: (body: TCreateSuggestionRequest) =>
    apiCall(ZSuggestion, '/trips/suggestions/create', { body, fallback: 'Failed to create suggestion' }),
  review: (tripId: string, suggestionId: string, status: TReviewStatus) =>
    apiCall(ZSuggestion, '/trips/suggestions/review', { body: { tripId, suggestionId, status }, fallback: 'Failed to review suggestion' }),
  activity: (tripId: string) => apiCall(ZActivityResponse, '/trips/activity', { body: { tripId }, fallback: 'Failed to fetch trip activity' }),
};

/** Calls of the collaboration panel (docs/product.md#members): members, invitations, suggestions and the activity feed. */
import {
  calls,
  type TCreateSuggestionRequest,
  type TInvitableRole,
  type PlacementKind,
  type TReviewStatus,
  type TSuggestionListFilter,
} from '@caravan/shared';
import { call } from '../../lib/api.ts';

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
  members: (tripId: string) => call(calls.members.list, { tripId }),
  removeMember: (tripId: string, userIdToRemove: number) =>
    call(calls.members.remove, { tripId, userIdToRemove }, { fallback: 'Failed to remove member' }),
  changeRole: (tripId: string, userId: number, role: TInvitableRole) =>
    call(calls.members.changeRole, { tripId, userId, role }, { fallback: 'Failed to change the role' }),
  invite: (tripId: string, email: string, role: TInvitableRole) =>
    call(calls.members.invite, { tripId, email, role }, { fallback: 'Failed to invite member' }),
  invitations: (tripId: string) => call(calls.invitations.list, { tripId }, { fallback: 'Failed to fetch invitations' }),
  suggestions: (tripId: string, status: TSuggestionListFilter) =>
    call(calls.suggestions.list, { tripId, status }, { fallback: 'Failed to fetch trip suggestions' }),
  suggest: (body: TCreateSuggestionRequest) => call(calls.suggestions.create, body, { fallback: 'Failed to create suggestion' }),
  review: (tripId: string, suggestionId: string, status: TReviewStatus, placement: PlacementKind = 'end') =>
    call(calls.suggestions.review, { tripId, suggestionId, status, placement }, { fallback: 'Failed to review suggestion' }),
  activity: (tripId: string) => call(calls.activity.feed, { tripId }, { fallback: 'Failed to fetch trip activity' }),
};

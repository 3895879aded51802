/** The contracts of a trip's collaboration calls: members, invitations, suggestions and their votes, polls, checklists, comments, activity. */
import { ZActivityRequest, ZActivityResponse } from './activity.ts';
import { ZComment, ZCommentsRequest, ZCommentsResponse, ZCreateCommentRequest, ZResolveCommentRequest } from './comments.ts';
import { defineCall } from './defineCall.ts';
import {
  ZAcceptInvitationRequest,
  ZAcceptInvitationResponse,
  ZInvitationDetailsRequest,
  ZInvitationDetailsResponse,
  ZInvitationListRequest,
  ZInvitationListResponse,
  ZInviteMemberRequest,
  ZInviteMemberResponse,
} from './invitations.ts';
import {
  ZChangeMemberRoleRequest,
  ZChangeMemberRoleResponse,
  ZRemoveMemberRequest,
  ZRemoveMemberResponse,
  ZTripMembersRequest,
  ZTripMembersResponse,
} from './members.ts';
import {
  ZCreateSuggestionRequest,
  ZReviewSuggestionRequest,
  ZSuggestion,
  ZSuggestionsRequest,
  ZSuggestionsResponse,
} from './suggestions.ts';
import {
  ZAddChecklistItemRequest,
  ZChecklist,
  ZChecklistDeleted,
  ZChecklistItem,
  ZChecklistsRequest,
  ZChecklistsResponse,
  ZCreateChecklistRequest,
  ZDeleteChecklistItemRequest,
  ZDeleteChecklistRequest,
  ZMoveChecklistItemRequest,
  ZUpdateChecklistItemRequest,
} from './checklists.ts';
import {
  ZClosePollRequest,
  ZCreatePollRequest,
  ZPoll,
  ZPollsRequest,
  ZPollsResponse,
  ZPollVoteRequest,
  ZSuggestionVoteRequest,
  ZVoteTally,
} from './decisions.ts';

export const collaborationCalls = {
  members: {
    list: defineCall({ method: 'POST', path: '/trips/members', request: ZTripMembersRequest, response: ZTripMembersResponse }),
    remove: defineCall({ method: 'POST', path: '/trips/members/remove', request: ZRemoveMemberRequest, response: ZRemoveMemberResponse }),
    changeRole: defineCall({ method: 'POST', path: '/trips/members/role', request: ZChangeMemberRoleRequest, response: ZChangeMemberRoleResponse }),
    /** 201 for a new invitation, 200 when a pending one is renewed. */
    invite: defineCall({ method: 'POST', path: '/trips/members/invite', request: ZInviteMemberRequest, response: ZInviteMemberResponse }),
  },
  invitations: {
    list: defineCall({ method: 'GET', path: '/trips/invitations', request: ZInvitationListRequest, response: ZInvitationListResponse }),
    /** The invitation page's two calls, for the signed-in invitee. */
    details: defineCall({
      method: 'POST',
      path: '/trips/invitations/details',
      request: ZInvitationDetailsRequest,
      response: ZInvitationDetailsResponse,
    }),
    accept: defineCall({
      method: 'POST',
      path: '/trips/invitations/accept',
      request: ZAcceptInvitationRequest,
      response: ZAcceptInvitationResponse,
    }),
  },
  suggestions: {
    list: defineCall({ method: 'POST', path: '/trips/suggestions', request: ZSuggestionsRequest, response: ZSuggestionsResponse }),
    create: defineCall({ method: 'POST', path: '/trips/suggestions/create', request: ZCreateSuggestionRequest, response: ZSuggestion }),
    review: defineCall({ method: 'POST', path: '/trips/suggestions/review', request: ZReviewSuggestionRequest, response: ZSuggestion }),
    vote: defineCall({ method: 'POST', path: '/trips/suggestions/vote', request: ZSuggestionVoteRequest, response: ZVoteTally }),
  },
  polls: {
    list: defineCall({ method: 'POST', path: '/trips/polls', request: ZPollsRequest, response: ZPollsResponse }),
    create: defineCall({ method: 'POST', path: '/trips/polls/create', request: ZCreatePollRequest, response: ZPoll }),
    vote: defineCall({ method: 'POST', path: '/trips/polls/vote', request: ZPollVoteRequest, response: ZPoll }),
    close: defineCall({ method: 'POST', path: '/trips/polls/close', request: ZClosePollRequest, response: ZPoll }),
  },
  checklists: {
    list: defineCall({ method: 'POST', path: '/trips/checklists', request: ZChecklistsRequest, response: ZChecklistsResponse }),
    createList: defineCall({ method: 'POST', path: '/trips/checklists/create', request: ZCreateChecklistRequest, response: ZChecklist }),
    deleteList: defineCall({ method: 'POST', path: '/trips/checklists/delete', request: ZDeleteChecklistRequest, response: ZChecklistDeleted }),
    addItem: defineCall({ method: 'POST', path: '/trips/checklists/items/add', request: ZAddChecklistItemRequest, response: ZChecklistItem }),
    updateItem: defineCall({ method: 'POST', path: '/trips/checklists/items/update', request: ZUpdateChecklistItemRequest, response: ZChecklistItem }),
    deleteItem: defineCall({ method: 'POST', path: '/trips/checklists/items/delete', request: ZDeleteChecklistItemRequest, response: ZChecklistDeleted }),
    moveItem: defineCall({ method: 'POST', path: '/trips/checklists/items/move', request: ZMoveChecklistItemRequest, response: ZChecklistItem }),
  },
  comments: {
    list: defineCall({ method: 'POST', path: '/trips/comments', request: ZCommentsRequest, response: ZCommentsResponse }),
    create: defineCall({ method: 'POST', path: '/trips/comments/create', request: ZCreateCommentRequest, response: ZComment }),
    resolve: defineCall({ method: 'POST', path: '/trips/comments/resolve', request: ZResolveCommentRequest, response: ZComment }),
  },
  activity: {
    feed: defineCall({ method: 'POST', path: '/trips/activity', request: ZActivityRequest, response: ZActivityResponse }),
  },
};

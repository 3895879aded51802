/** /_api/trips/suggestions: list (members), create (any member), review (owner or editor). */
import Router from '@koa/router';
import { calls, canReviewSuggestions, canSuggestStops, canViewSuggestions } from '@caravan/shared';
import { suggestionCreator } from '../../commands/suggestionCreator.ts';
import { suggestionReviewer } from '../../commands/suggestionReviewer.ts';
import { suggestionListQuery, suggestionQuery } from '../../queries/suggestionList.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { tripCallsOn } from '../tripCall.ts';

export function suggestionRoutes({ dataSource, tripDocs }: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const tripCall = tripCallsOn(router, dataSource);

  tripCall(calls.suggestions.list, canViewSuggestions, ({ user, body: { tripId, status } }) =>
    suggestionListQuery(tripDocs, tripId, user.id, { status }),
  );

  tripCall(
    calls.suggestions.create,
    canSuggestStops,
    async ({ user, body }) => suggestionQuery(tripDocs, body.tripId, user.id, await suggestionCreator(tripDocs, user, body)),
    { status: 201 },
  );

  tripCall(calls.suggestions.review, canReviewSuggestions, async ({ user, body }) => {
    await suggestionReviewer(tripDocs, user, body);
    return suggestionQuery(tripDocs, body.tripId, user.id, body.suggestionId);
  });

  return router;
}

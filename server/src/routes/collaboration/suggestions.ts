/** /_api/trips/suggestions: list (members), create (any member), review (owner or editor). */
import Router from '@koa/router';
import { ZCreateSuggestionRequest, ZReviewSuggestionRequest, ZSuggestionsRequest } from '@caravan/shared';
import { suggestionCreator } from '../../commands/suggestionCreator.ts';
import { suggestionReviewer } from '../../commands/suggestionReviewer.ts';
import { requireUser } from '../../middleware/authenticate.ts';
import { canReviewSuggestions, canSuggestStops, canViewSuggestions } from '../../policies/tripPolicy.ts';
import { suggestionListQuery, suggestionQuery } from '../../queries/suggestionList.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { tripCalls } from '../tripCall.ts';

export function suggestionRoutes({ dataSource, tripDocs }: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/trips/suggestions' });
  const tripCall = tripCalls(dataSource);
  router.use(requireUser);

  router.post(
    '/',
    tripCall(ZSuggestionsRequest, canViewSuggestions, ({ body: { tripId, status } }) => suggestionListQuery(dataSource, tripId, { status })),
  );

  router.post(
    '/create',
    tripCall(
      ZCreateSuggestionRequest,
      canSuggestStops,
      async ({ user, body }) => suggestionQuery(dataSource, body.tripId, await suggestionCreator(tripDocs, user, body)),
      { status: 201 },
    ),
  );

  router.post(
    '/review',
    tripCall(ZReviewSuggestionRequest, canReviewSuggestions, async ({ user, body }) => {
      await suggestionReviewer(tripDocs, user, body);
      return suggestionQuery(dataSource, body.tripId, body.suggestionId);
    }),
  );

  return router;
}

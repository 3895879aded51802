/** /_api/trips/suggestions: list (members), create (any member), review (owner or editor). */
import Router from '@koa/router';
import { ZCreateSuggestionRequest, ZReviewSuggestionRequest, ZSuggestionsRequest } from '@caravan/shared';
import { suggestionCreator } from '../../commands/suggestionCreator.ts';
import { suggestionReviewer } from '../../commands/suggestionReviewer.ts';
import { input } from '../../lib/input.ts';
import { currentUser, requireUser } from '../../middleware/authenticate.ts';
import {
  authorize,
  canReviewSuggestions,
  canSuggestStops,
  canViewSuggestions,
  loadTripAccess,
} from '../../policies/tripPolicy.ts';
import { suggestionListQuery } from '../../queries/suggestionList.ts';
import type { AppDeps, AppState } from '../../types.ts';

export function suggestionRoutes({ dataSource, tripDocs }: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/trips/suggestions' });
  router.use(requireUser);

  router.post('/', async (ctx) => {
    const { tripId, status } = input(ZSuggestionsRequest, ctx.request.body);
    const { role } = await loadTripAccess(dataSource, tripId, currentUser(ctx));
    authorize(canViewSuggestions(role));
    ctx.body = await suggestionListQuery(dataSource, tripId, { status });
  });

  router.post('/create', async (ctx) => {
    const body = input(ZCreateSuggestionRequest, ctx.request.body);
    const user = currentUser(ctx);
    const { role } = await loadTripAccess(dataSource, body.tripId, user);
    authorize(canSuggestStops(role));
    ctx.status = 201;
    ctx.body = await suggestionCreator({ dataSource, tripDocs }, user, body);
  });

  router.post('/review', async (ctx) => {
    const body = input(ZReviewSuggestionRequest, ctx.request.body);
    const user = currentUser(ctx);
    const { role } = await loadTripAccess(dataSource, body.tripId, user);
    authorize(canReviewSuggestions(role));
    ctx.body = await suggestionReviewer({ dataSource, tripDocs }, user, body);
  });

  return router;
}

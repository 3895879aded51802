/**
 * /_api/trips/polls and /trips/suggestions/vote (docs/product.md#votes-and-polls): any member lists polls and
 * votes, owner and editors start polls, the poll's creator or the owner closes it (the decisions part's rule).
 */
import Router from '@koa/router';
import { calls, canCreatePolls, canViewPolls, canVote, readPolls } from '@caravan/shared';
import { pollCloser } from '../../commands/pollCloser.ts';
import { pollCreator } from '../../commands/pollCreator.ts';
import { pollVoter } from '../../commands/pollVoter.ts';
import { suggestionVoter } from '../../commands/suggestionVoter.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { tripCallsOn } from '../tripCall.ts';

export function pollRoutes({ dataSource, tripDocs }: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const tripCall = tripCallsOn(router, dataSource);

  // The document is the only home of polls (no rows).
  tripCall(calls.polls.list, canViewPolls, ({ user, body }) => tripDocs.read(body.tripId, ({ doc }) => readPolls(doc, user.id)));
  tripCall(calls.polls.create, canCreatePolls, ({ user, role, body }) => pollCreator(tripDocs, user, role!, body), { status: 201 });
  tripCall(calls.polls.vote, canVote, ({ user, role, body }) => pollVoter(tripDocs, user, role!, body));
  tripCall(calls.polls.close, canVote, ({ user, role, body }) => pollCloser(tripDocs, user, role!, body));
  tripCall(calls.suggestions.vote, canVote, ({ user, role, body }) => suggestionVoter(tripDocs, user, role!, body));

  return router;
}

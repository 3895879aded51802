/** /_api/trips/members: the member list (members only) and removing a member (owner only). */
import Router from '@koa/router';
import { calls, messages, canRemoveMembers, canViewMembers } from '@caravan/shared';
import { memberRemover } from '../../commands/memberRemover.ts';
import { AppError } from '@caravan/engine';
import { memberListQuery } from '../../queries/memberList.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { tripCallsOn } from '../tripCall.ts';

export function memberRoutes({ dataSource, tripDocs }: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const tripCall = tripCallsOn(router, dataSource);

  tripCall(calls.members.list, canViewMembers, ({ body }) => memberListQuery(dataSource, body.tripId));

  tripCall(calls.members.remove, canRemoveMembers, async ({ user, trip, body }) => {
    if (body.userIdToRemove === trip.ownerId) throw new AppError('forbidden', messages.collaboration.members.cannotRemoveOwner);
    await memberRemover(tripDocs, user, body);
    return { success: true } as const;
  });

  return router;
}

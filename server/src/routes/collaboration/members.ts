/** /_api/trips/members: the member list (members only) and removing a member (owner only). */
import Router from '@koa/router';
import { messages, ZRemoveMemberRequest, ZTripMembersRequest } from '@caravan/shared';
import { memberRemover } from '../../commands/memberRemover.ts';
import { AppError } from '../../lib/appError.ts';
import { requireUser } from '../../middleware/authenticate.ts';
import { canRemoveMembers, canViewMembers } from '../../policies/tripPolicy.ts';
import { memberListQuery } from '../../queries/memberList.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { tripCalls } from '../tripCall.ts';

export function memberRoutes({ dataSource, tripDocs }: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/trips/members' });
  const tripCall = tripCalls(dataSource);
  router.use(requireUser);

  router.post('/', tripCall(ZTripMembersRequest, canViewMembers, ({ body }) => memberListQuery(dataSource, body.tripId)));

  router.post(
    '/remove',
    tripCall(ZRemoveMemberRequest, canRemoveMembers, async ({ user, trip, body }) => {
      if (body.userIdToRemove === trip.ownerId) throw new AppError('forbidden', messages.collaboration.members.cannotRemoveOwner);
      await memberRemover(tripDocs, user, body);
      return { success: true };
    }),
  );

  return router;
}

/** /_api/trips/members: the member list (members only) and removing a member (owner only). */
import Router from '@koa/router';
import { messages, ZRemoveMemberRequest, ZTripMembersRequest } from '@caravan/shared';
import { memberRemover } from '../../commands/memberRemover.ts';
import { AppError } from '../../lib/appError.ts';
import { input } from '../../lib/input.ts';
import { currentUser, requireUser } from '../../middleware/authenticate.ts';
import { authorize, canRemoveMembers, canViewMembers, loadTripAccess } from '../../policies/tripPolicy.ts';
import { memberListQuery } from '../../queries/memberList.ts';
import type { AppDeps, AppState } from '../../types.ts';

export function memberRoutes({ dataSource, tripDocs }: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/trips/members' });
  router.use(requireUser);

  router.post('/', async (ctx) => {
    const { tripId } = input(ZTripMembersRequest, ctx.request.body);
    const { role } = await loadTripAccess(dataSource, tripId, currentUser(ctx));
    authorize(canViewMembers(role));
    ctx.body = await memberListQuery(dataSource, tripId);
  });

  router.post('/remove', async (ctx) => {
    const { tripId, userIdToRemove } = input(ZRemoveMemberRequest, ctx.request.body);
    const user = currentUser(ctx);
    const { trip, role } = await loadTripAccess(dataSource, tripId, user);
    authorize(canRemoveMembers(role));
    if (userIdToRemove === trip.ownerId) throw new AppError('forbidden', messages.collaboration.members.cannotRemoveOwner);
    await memberRemover(tripDocs, user, { tripId, userIdToRemove });
    ctx.body = { success: true };
  });

  return router;
}

/** /_api/trips/members: the member list (members only), removing a member and changing a member's role (owner only). */
import Router from '@koa/router';
import { calls, messages, canChangeMemberRoles, canRemoveMembers, canViewMembers } from '@caravan/shared';
import { memberRemover } from '../../commands/memberRemover.ts';
import { memberRoleChanger } from '../../commands/memberRoleChanger.ts';
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

  tripCall(calls.members.changeRole, canChangeMemberRoles, ({ user, body }) => memberRoleChanger(tripDocs, user, body));

  return router;
}

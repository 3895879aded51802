/**
 * Inviting by e-mail (owner or editor), the owner's pending list, and the invitation page's two calls:
 * details and accept, for the signed-in invitee.
 */
import Router from '@koa/router';
import {
  ZAcceptInvitationRequest,
  ZInvitationDetailsRequest,
  ZInvitationListRequest,
  ZInviteMemberRequest,
} from '@caravan/shared';
import { invitationAccepter } from '../../commands/invitationAccepter.ts';
import { memberInviter } from '../../commands/memberInviter.ts';
import { input } from '../../lib/input.ts';
import { currentUser, requireUser } from '../../middleware/authenticate.ts';
import { assertInvitationUsable } from '../../policies/invitationPolicy.ts';
import { authorize, canInviteMembers, canViewInvitations, loadTripAccess } from '../../policies/tripPolicy.ts';
import { presentInvitationDetails } from '../../presenters/invitation.ts';
import { invitationListQuery } from '../../queries/invitationList.ts';
import { invitationByToken } from '../../queries/invitationLookup.ts';
import type { AppDeps, AppState } from '../../types.ts';

export function invitationRoutes(deps: AppDeps): Router<AppState> {
  const { dataSource, tripDocs } = deps;
  const router = new Router<AppState>({ prefix: '/trips' });
  router.use(requireUser);

  router.post('/members/invite', async (ctx) => {
    const { tripId, email, role: invitedRole } = input(ZInviteMemberRequest, ctx.request.body);
    const user = currentUser(ctx);
    const { trip, role } = await loadTripAccess(dataSource, tripId, user);
    authorize(canInviteMembers(role));
    const invitation = await memberInviter(
      { tripDocs, mailer: deps.mailer, publicOrigin: deps.config.publicOrigin, logger: ctx.state.log },
      user,
      trip,
      { email, role: invitedRole },
    );
    ctx.status = invitation.renewed ? 200 : 201;
    ctx.body = invitation;
  });

  router.get('/invitations', async (ctx) => {
    const { tripId } = input(ZInvitationListRequest, { ...ctx.query });
    const { role } = await loadTripAccess(dataSource, tripId, currentUser(ctx));
    authorize(canViewInvitations(role));
    ctx.body = await invitationListQuery(dataSource, tripId);
  });

  router.post('/invitations/details', async (ctx) => {
    const { invitationToken } = input(ZInvitationDetailsRequest, ctx.request.body);
    const invitation = await invitationByToken(dataSource, invitationToken);
    assertInvitationUsable(invitation);
    ctx.body = presentInvitationDetails(invitation);
  });

  router.post('/invitations/accept', async (ctx) => {
    const { invitationToken } = input(ZAcceptInvitationRequest, ctx.request.body);
    ctx.body = await invitationAccepter({ dataSource, tripDocs }, currentUser(ctx), invitationToken);
  });

  return router;
}

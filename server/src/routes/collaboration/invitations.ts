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
import { canInviteMembers, canViewInvitations } from '../../policies/tripPolicy.ts';
import { presentInvitationDetails } from '../../presenters/invitation.ts';
import { invitationListQuery } from '../../queries/invitationList.ts';
import { invitationByToken } from '../../queries/invitationLookup.ts';
import type { AppContext, AppDeps, AppState } from '../../types.ts';
import { tripCalls } from '../tripCall.ts';

export function invitationRoutes(deps: AppDeps): Router<AppState> {
  const { dataSource, tripDocs } = deps;
  const router = new Router<AppState>({ prefix: '/trips' });
  const tripCall = tripCalls(dataSource);
  router.use(requireUser);

  const inviterDeps = (ctx: AppContext) => ({
    tripDocs,
    mailer: deps.mailer,
    publicOrigin: deps.config.publicOrigin,
    logger: ctx.state.log,
  });

  router.post(
    '/members/invite',
    tripCall(ZInviteMemberRequest, canInviteMembers, async ({ user, trip, body: { email, role }, ctx }) => {
      const invitation = await memberInviter(inviterDeps(ctx), user, { trip, email, role });
      ctx.status = invitation.renewed ? 200 : 201;
      return invitation;
    }),
  );

  router.get('/invitations', tripCall(ZInvitationListRequest, canViewInvitations, ({ body }) => invitationListQuery(dataSource, body.tripId)));

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

/**
 * Inviting by e-mail (owner or editor), the owner's pending list, and the invitation page's two calls:
 * details and accept, for the signed-in invitee.
 */
import Router from '@koa/router';
import { calls, canInviteMembers, canViewInvitations } from '@caravan/shared';
import { invitationAccepter } from '../../commands/invitationAccepter.ts';
import { memberInviter } from '../../commands/memberInviter.ts';
import { currentUser } from '../../middleware/authenticate.ts';
import { assertInvitationUsable } from '../../policies/invitationPolicy.ts';
import { presentInvitationDetails } from '../../presenters/invitation.ts';
import { invitationListQuery } from '../../queries/invitationList.ts';
import { invitationByToken } from '../../queries/invitationLookup.ts';
import type { AppContext, AppDeps, AppState } from '../../types.ts';
import { serveCall } from '../callRoute.ts';
import { tripCallsOn } from '../tripCall.ts';

export function invitationRoutes(deps: AppDeps): Router<AppState> {
  const { dataSource, tripDocs } = deps;
  const router = new Router<AppState>();
  const tripCall = tripCallsOn(router, dataSource);

  const inviterDeps = (ctx: AppContext) => ({
    tripDocs,
    mailer: deps.mailer,
    publicOrigin: deps.config.publicOrigin,
    logger: ctx.state.log,
  });

  tripCall(calls.members.invite, canInviteMembers, async ({ user, trip, body: { email, role }, ctx }) => {
    const invitation = await memberInviter(inviterDeps(ctx), user, { trip, email, role });
    ctx.status = invitation.renewed ? 200 : 201;
    return invitation;
  });

  tripCall(calls.invitations.list, canViewInvitations, ({ body }) => invitationListQuery(dataSource, body.tripId));

  serveCall(router, calls.invitations.details, async ({ invitationToken }) => {
    const invitation = await invitationByToken(dataSource, invitationToken);
    assertInvitationUsable(invitation);
    return presentInvitationDetails(invitation);
  });

  serveCall(router, calls.invitations.accept, (body, ctx) =>
    invitationAccepter({ dataSource, tripDocs }, currentUser(ctx), body),
  );

  return router;
}

/** /_api/admin: user management, trip access, sign-in settings and the e-mail outbox for administrators; superjson both ways. */
import Router from '@koa/router';
import { calls, messages } from '@caravan/shared';
import { passwordResetter, userRoleUpdater, userStatusUpdater } from '../../commands/adminUserUpdater.ts';
import { tripMembershipGranter } from '../../commands/tripMembershipGranter.ts';
import { signInSettingsUpdater } from '../../commands/signInSettingsUpdater.ts';
import { signInSettingsQuery } from '../../queries/signInSettingsQuery.ts';
import { currentUser, requireAdmin } from '../../middleware/authenticate.ts';
import { superjsonBody } from '../../lib/superjsonBody.ts';
import { readOutbox } from '../../providers/mail/outboxReader.ts';
import { adminTripListQuery, adminUserListQuery, adminUserQuery } from '../../queries/adminLists.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { serveCall } from '../callRoute.ts';

export function adminRoutes({ dataSource, config }: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  // Administrators only (403 for anyone else), and the body is superjson-decoded before it is checked.
  const admins = { guard: [requireAdmin, superjsonBody] };

  serveCall(router, calls.admin.users, () => adminUserListQuery(dataSource), admins);

  serveCall(router, calls.admin.trips, () => adminTripListQuery(dataSource), admins);

  serveCall(
    router,
    calls.admin.updateRole,
    async (body) => ({ user: await adminUserQuery(dataSource, await userRoleUpdater(dataSource, body)) }),
    admins,
  );

  serveCall(
    router,
    calls.admin.updateStatus,
    async (body, ctx) => {
      const user = await userStatusUpdater(dataSource, currentUser(ctx), body);
      return { user: await adminUserQuery(dataSource, user) };
    },
    admins,
  );

  serveCall(
    router,
    calls.admin.addToTrip,
    async (body) => {
      const membership = await tripMembershipGranter(dataSource, body);
      return { tripId: membership.tripId, userId: membership.userId, role: membership.role };
    },
    admins,
  );

  serveCall(
    router,
    calls.admin.resetPassword,
    async (body) => {
      await passwordResetter(dataSource, body);
      return { message: messages.admin.passwordReset };
    },
    admins,
  );

  serveCall(router, calls.admin.signInSettings, () => signInSettingsQuery(dataSource), admins);

  serveCall(
    router,
    calls.admin.updateSignInSettings,
    async (body) => {
      await signInSettingsUpdater(dataSource, body);
      return signInSettingsQuery(dataSource);
    },
    admins,
  );

  serveCall(router, calls.admin.outbox, async () => ({ smtp: Boolean(config.smtpUrl), ...(await readOutbox(config.dataDir)) }), admins);

  return router;
}

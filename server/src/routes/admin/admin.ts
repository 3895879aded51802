/** /_api/admin: user management and trip access for administrators; superjson both ways. */
import Router from '@koa/router';
import {
  ZAdminAddToTripRequest,
  ZAdminResetPasswordRequest,
  ZAdminUpdateRoleRequest,
  ZAdminUpdateStatusRequest,
  messages,
} from '@caravan/shared';
import { passwordResetter, userRoleUpdater, userStatusUpdater } from '../../commands/adminUserUpdater.ts';
import { tripMembershipGranter } from '../../commands/tripMembershipGranter.ts';
import { currentUser, requireAdmin } from '../../middleware/authenticate.ts';
import { input } from '../../lib/input.ts';
import { superjsonBody } from '../../lib/superjsonBody.ts';
import { adminTripListQuery, adminUserListQuery, adminUserQuery } from '../../queries/adminLists.ts';
import type { AppDeps, AppState } from '../../types.ts';

export function adminRoutes({ dataSource }: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/admin' });
  router.use(requireAdmin, superjsonBody);

  router.get('/users', async (ctx) => {
    ctx.body = await adminUserListQuery(dataSource);
  });

  router.get('/trips', async (ctx) => {
    ctx.body = await adminTripListQuery(dataSource);
  });

  router.post('/users/update-role', async (ctx) => {
    const { userId, newRole } = input(ZAdminUpdateRoleRequest, ctx.request.body);
    const user = await userRoleUpdater(dataSource, userId, newRole);
    ctx.body = { user: await adminUserQuery(dataSource, user) };
  });

  router.post('/users/update-status', async (ctx) => {
    const { userId, newStatus } = input(ZAdminUpdateStatusRequest, ctx.request.body);
    const user = await userStatusUpdater(dataSource, currentUser(ctx), userId, newStatus);
    ctx.body = { user: await adminUserQuery(dataSource, user) };
  });

  router.post('/users/add-to-trip', async (ctx) => {
    const body = input(ZAdminAddToTripRequest, ctx.request.body);
    const membership = await tripMembershipGranter(dataSource, body);
    ctx.body = { tripId: membership.tripId, userId: membership.userId, role: membership.role };
  });

  router.post('/reset-password', async (ctx) => {
    const { email, newPassword } = input(ZAdminResetPasswordRequest, ctx.request.body);
    await passwordResetter(dataSource, email, newPassword);
    ctx.body = { message: messages.admin.passwordReset };
  });

  return router;
}

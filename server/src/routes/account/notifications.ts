/** The caller's own notifications and their choices of what to be told (/_api/account/notification*). */
import Router from '@koa/router';
import { calls, messages, NOTIFICATION_STREAM_PATH } from '@caravan/shared';
import { AppError } from '@caravan/engine';
import { allNotificationsMarkedRead, notificationMarkedRead, notificationsMarkedRead } from '../../commands/notificationsReader.ts';
import { currentUser, requireUser } from '../../middleware/authenticate.ts';
import { notificationGroups } from '../../queries/notificationGroups.ts';
import { notificationList, unreadNotificationCount } from '../../queries/notificationList.ts';
import { notificationPreferences, notificationPreferenceSaved } from '../../queries/notificationPreferences.ts';
import { emailDelivery, emailDeliverySaved } from '../../queries/notificationEmailDelivery.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { serveCall } from '../callRoute.ts';

export function notificationRoutes({ dataSource, memberSignals }: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  // Not a call: an event stream the page keeps open, saying only "ask again" (notifications/memberSignals.ts).
  router.get(NOTIFICATION_STREAM_PATH, requireUser, (ctx) => {
    const stream = memberSignals.subscribe(currentUser(ctx).id);
    if (!stream) throw new AppError('unavailable', messages.notifications.tooManyStreams);
    ctx.req.socket.setTimeout(0);
    ctx.set({ 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' });
    ctx.body = stream;
  });
  serveCall(router, calls.notifications.list, async (page, ctx) => ({ notifications: await notificationList(dataSource, currentUser(ctx).id, page) }));
  serveCall(router, calls.notifications.unreadCount, async (_body, ctx) => ({ unread: await unreadNotificationCount(dataSource, currentUser(ctx).id) }));
  serveCall(router, calls.notifications.markRead, async ({ id }, ctx) => ({ unread: await notificationMarkedRead(dataSource, currentUser(ctx).id, id) }));
  serveCall(router, calls.notifications.grouped, async (page, ctx) => ({ groups: await notificationGroups(dataSource, currentUser(ctx).id, page) }));
  serveCall(router, calls.notifications.markManyRead, async ({ ids }, ctx) => ({ unread: await notificationsMarkedRead(dataSource, currentUser(ctx).id, ids) }));
  serveCall(router, calls.notifications.markAllRead, async (_body, ctx) => ({ unread: await allNotificationsMarkedRead(dataSource, currentUser(ctx).id) }));
  serveCall(router, calls.notifications.preferences, async (_body, ctx) => ({ preferences: await notificationPreferences(dataSource, currentUser(ctx).id) }));
  serveCall(router, calls.notifications.updatePreference, async (choice, ctx) => ({
    preferences: await notificationPreferenceSaved(dataSource, currentUser(ctx).id, choice),
  }));
  serveCall(router, calls.notifications.emailDelivery, async (_body, ctx) => ({ emailDelivery: await emailDelivery(dataSource, currentUser(ctx).id) }));
  serveCall(router, calls.notifications.updateEmailDelivery, async (choice, ctx) => ({
    emailDelivery: await emailDeliverySaved(dataSource, currentUser(ctx).id, choice.emailDelivery),
  }));
  return router;
}

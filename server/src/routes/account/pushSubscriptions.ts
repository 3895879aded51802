/** The caller's devices that receive notifications by Web Push (/_api/account/push/*). */
import Router from '@koa/router';
import { calls } from '@caravan/shared';
import { pushSubscribed, pushUnsubscribed } from '../../commands/pushSubscriber.ts';
import { currentUser } from '../../middleware/authenticate.ts';
import { pushServiceHostsOf } from '../../notifications/push/pushServiceHosts.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { serveCall } from '../callRoute.ts';

export function pushRoutes({ dataSource, pushPublicKey, config }: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const hosts = pushServiceHostsOf(config);
  serveCall(router, calls.push.publicKey, async (_body, ctx) => {
    currentUser(ctx);
    return { publicKey: pushPublicKey };
  });
  serveCall(router, calls.push.subscribe, async (subscription, ctx) => ({ devices: await pushSubscribed(dataSource, hosts, currentUser(ctx).id, subscription) }));
  serveCall(router, calls.push.unsubscribe, async ({ endpoint }, ctx) => ({ devices: await pushUnsubscribed(dataSource, currentUser(ctx).id, endpoint) }));
  return router;
}

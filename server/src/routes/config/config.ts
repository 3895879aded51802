/**
 * GET /_api/config: run-time settings of the web app (the base map), so one build serves every
 * deployment. Public: the share page draws a map for people who are not signed in.
 */
import Router from '@koa/router';
import { calls } from '@caravan/shared';
import type { AppDeps, AppState } from '../../types.ts';
import { serveCall } from '../callRoute.ts';

export function configRoutes({ config }: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const answer = { mapStyleUrl: config.mapStyleUrl ?? null, mapStyleUrlDark: config.mapStyleUrlDark ?? null, mapboxToken: config.mapboxToken ?? null };
  serveCall(router, calls.config, () => answer, { guard: [] });
  return router;
}

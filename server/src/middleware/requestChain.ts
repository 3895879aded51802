/**
 * The middleware every request passes, in its order: around every response (request id and log line, error
 * answers, HTTPS, security headers), then before every /_api call (cross-site guard, session, second-factor gate,
 * JSON body). The general chain (app.ts) and the fast path of /trips/details (routes/trips/tripDetailsFastPath.ts)
 * are both built from these lists, so a request answers the same status, headers and error text on either path.
 */
import type { Middleware } from 'koa';
import { authenticate } from './authenticate.ts';
import { crossSiteGuard } from './crossSiteGuard.ts';
import { errorHandler } from './errorHandler.ts';
import { httpsOrigin } from './httpsOrigin.ts';
import { jsonBody } from './jsonBody.ts';
import { requestContext } from './requestContext.ts';
import { secondFactorGate } from './secondFactorGate.ts';
import { securityHeaders } from './securityHeaders.ts';
import type { AppDeps, AppState } from '../types.ts';

type ChainDeps = Pick<AppDeps, 'config' | 'dataSource' | 'logger' | 'sessions'>;

/** Around every response, /_api or not. */
export function responseMiddleware(deps: ChainDeps): Middleware<AppState>[] {
  return [
    requestContext(deps.logger),
    errorHandler(),
    httpsOrigin(deps.config),
    securityHeaders(deps.config.mapStyleUrl, deps.config.mapStyleUrlDark),
  ] as Middleware<AppState>[];
}

/** Before every /_api call. Authentication first: only signed-in users may make the server read a photo call's large body. */
export function apiMiddleware(deps: ChainDeps): Middleware<AppState>[] {
  return [
    crossSiteGuard(deps.config),
    authenticate(deps.dataSource, deps.sessions),
    secondFactorGate(deps.dataSource),
    jsonBody({ largeBodiesFor: (ctx) => ctx.state.user !== undefined }),
  ] as Middleware<AppState>[];
}

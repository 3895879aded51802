/** Gives every request an id (echoed as X-Request-Id) and a child logger; logs each response. */
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '@caravan/engine';
import type { AppState } from '../types.ts';

const VALID_ID = /^[\w.-]{1,64}$/;

/** A calendar feed's address is its secret: the log names the route, never the secret. */
const FEED_SECRET = /^(\/_api\/calendar\/)[^/]+$/;
const loggedPath = (path: string) => path.replace(FEED_SECRET, '$1[secret]');

/** Most requests log only their one line: the child logger is made the first time a handler asks for it. */
class RequestState implements AppState {
  #logger: Logger;
  #log: Logger | undefined;

  constructor(
    logger: Logger,
    readonly requestId: string,
  ) {
    this.#logger = logger;
  }

  get log(): Logger {
    return (this.#log ??= this.#logger.child({ requestId: this.requestId }));
  }
}

export function requestContext(logger: Logger): Middleware<AppState> {
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    const requestId = VALID_ID.test(incoming) ? incoming : randomUUID();
    ctx.state = new RequestState(logger, requestId);
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      logger.info(
        { requestId, method: ctx.method, path: loggedPath(ctx.path), status: ctx.status, ms: Math.round(performance.now() - started) },
        'request',
      );
    }
  };
}

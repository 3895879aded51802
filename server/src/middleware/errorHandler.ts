/**
 * Maps AppError to its status and `{ error }` body; PostgreSQL out of reach answers 503 with Retry-After (the call
 * works again once it is back: the pool reconnects by itself); anything else unexpected is logged and answers 500
 * with no internals.
 */
import type { Middleware } from 'koa';
import { messages } from '@caravan/shared';
import { AppError, DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnreachable } from '@caravan/engine';

interface HttpLikeError {
  status?: number;
  expose?: boolean;
  type?: string;
}

/** Errors thrown by body parsing and koa itself carry a 4xx status of their own. */
function fromHttpError(error: HttpLikeError): AppError | null {
  switch (error.status) {
    case 400:
      return new AppError('validation', messages.validation.invalidBody);
    case 413:
      return new AppError('too_large', messages.common.payloadTooLarge);
    case 415:
      return new AppError('unsupported_media_type', messages.common.unsupportedMediaType);
    default:
      return null;
  }
}

function databaseUnreachable(caught: unknown, ctx: Parameters<Middleware>[0]): AppError | null {
  if (!isDatabaseUnreachable(caught)) return null;
  ctx.state.log?.warn({ err: caught }, 'database unreachable');
  return new AppError('unavailable', messages.common.databaseUnavailable, DATABASE_RETRY_AFTER_SECONDS);
}

export function errorHandler(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (caught) {
      const error = caught instanceof AppError ? caught : (fromHttpError(caught as HttpLikeError) ?? databaseUnreachable(caught, ctx));
      if (error) {
        ctx.status = error.status;
        if (error.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(error.retryAfterSeconds));
        ctx.body = ctx.path.startsWith('/_api/auth/')
          ? { error: error.message, message: error.message }
          : { error: error.message };
        return;
      }
      ctx.state.log?.error({ err: caught }, 'unhandled error');
      ctx.status = 500;
      ctx.body = { error: messages.common.internal };
    }
  };
}

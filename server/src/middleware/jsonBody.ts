/** JSON request bodies only, with a size limit; a POST with another content type answers 415. */
import type { Middleware } from 'koa';
import { bodyParser } from '@koa/bodyparser';
import { messages } from '@caravan/shared';
import { AppError } from '../lib/appError.ts';

export function jsonBody(limit = '100kb'): Middleware {
  const parse = bodyParser({ enableTypes: ['json'], jsonLimit: limit, jsonStrict: true, encoding: 'utf-8' });
  return async (ctx, next) => {
    const hasBody = Number(ctx.get('Content-Length') || 0) > 0 || ctx.get('Transfer-Encoding') !== '';
    if (hasBody && !ctx.is('application/json')) {
      throw new AppError('unsupported_media_type', messages.common.unsupportedMediaType);
    }
    await parse(ctx, async () => {});
    if (ctx.request.body === undefined) ctx.request.body = {};
    await next();
  };
}

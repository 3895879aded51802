/** The admin calls' "extended JSON": superjson-encoded request bodies and successful responses. */
import type { Middleware } from 'koa';
import superjson, { type SuperJSONResult } from 'superjson';
import type { AppState } from '../types.ts';

function isSuperjsonEnvelope(body: unknown): body is SuperJSONResult {
  return typeof body === 'object' && body !== null && 'json' in body;
}

export const superjsonBody: Middleware<AppState> = async (ctx, next) => {
  const body = ctx.request.body;
  if (isSuperjsonEnvelope(body)) {
    const { json, meta } = body as SuperJSONResult & Record<string, unknown>;
    const extraKeys = Object.keys(body).filter((key) => key !== 'json' && key !== 'meta');
    ctx.request.body = extraKeys.length ? body : superjson.deserialize({ json, meta });
  }
  await next();
  if (ctx.status < 400 && ctx.body !== undefined) ctx.body = superjson.serialize(ctx.body);
};

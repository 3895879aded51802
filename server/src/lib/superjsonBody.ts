/** The admin calls' "extended JSON": superjson-encoded request bodies and successful responses. */
import type { Middleware } from 'koa';
import superjson, { type SuperJSONResult } from 'superjson';
import { messages } from '@caravan/shared';
import type { AppState } from '../types.ts';
import { AppError } from '@caravan/engine';

function isSuperjsonEnvelope(body: unknown): body is SuperJSONResult {
  return typeof body === 'object' && body !== null && 'json' in body;
}

/** superjson throws on meta it cannot apply (a `__proto__` path, an unknown class or transformation): the client's mistake. */
function decode(envelope: SuperJSONResult): unknown {
  try {
    return superjson.deserialize(envelope);
  } catch {
    throw new AppError('validation', messages.validation.invalidSuperjson);
  }
}

export const superjsonBody: Middleware<AppState> = async (ctx, next) => {
  const body = ctx.request.body;
  if (isSuperjsonEnvelope(body)) {
    const { json, meta } = body as SuperJSONResult & Record<string, unknown>;
    const extraKeys = Object.keys(body).filter((key) => key !== 'json' && key !== 'meta');
    ctx.request.body = extraKeys.length ? body : decode({ json, meta });
  }
  await next();
  if (ctx.status < 400 && ctx.body !== undefined) ctx.body = superjson.serialize(ctx.body);
};

/**
 * Whether this response goes out as HTTPS, as middleware/httpsOrigin.ts decided at the start of the request: cookies
 * are then Secure and HSTS is sent. Here, not beside that middleware, because auth/ sets cookies by it and
 * middleware/ uses auth/ (sign-in), never the other way round.
 */
import type { ParameterizedContext } from 'koa';

export function overHttps(ctx: ParameterizedContext): boolean {
  return ctx.cookies.secure === true;
}

/**
 * The unit a request's reader reads distances in, as the web app decides it (docs/product.md#account): the one their
 * account names, else their browser's language's region (Accept-Language, which a download link sends as the page's
 * `navigator.language`), else kilometres.
 */
import type { Context } from 'koa';
import { localeDistanceUnit, type DistanceUnit } from '@caravan/shared';
import type { User } from '@caravan/engine';

export function readerDistanceUnit(user: Pick<User, 'distanceUnit'>, ctx: Pick<Context, 'acceptsLanguages'>): DistanceUnit {
  if (user.distanceUnit) return user.distanceUnit;
  const [language] = ctx.acceptsLanguages();
  return language && language !== '*' ? localeDistanceUnit(language) : 'km';
}

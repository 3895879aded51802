/**
 * JSON request bodies only, with a size limit; a POST with another content type answers 415, a body
 * over its limit 413. The limit is 100 kB except for the calls that carry photos or an import file.
 */
import type { Context, Middleware } from 'koa';
import { bodyParser } from '@koa/bodyparser';
import { messages } from '@caravan/shared';
import { AppError } from '@caravan/engine';

export const DEFAULT_JSON_LIMIT = '100kb';

/** Several photos of at most 5 MB each, base64 in a data URL (≈ 6.7 MB each), plus the entry's text. */
export const PHOTO_JSON_LIMIT = '30mb';

/** A 10 MB import file is about 13.4 MB of base64; a little more room, so a file just over says so itself (413). */
export const IMPORT_JSON_LIMIT = '16mb';

/** The calls whose payload holds files: photos as data URLs, Import places' file as base64. */
export const photoCallLimits: Readonly<Record<string, string>> = {
  '/_api/trips/stops/import-preview': IMPORT_JSON_LIMIT,
  '/_api/trips/hero-image': PHOTO_JSON_LIMIT,
  '/_api/trips/stops/journal/create': PHOTO_JSON_LIMIT,
  '/_api/trips/stops/journal/update': PHOTO_JSON_LIMIT,
  '/_api/trips/stops/update-content': PHOTO_JSON_LIMIT,
};

export interface JsonBodyOptions {
  /** Limit for every path not listed in `limitsByPath`. */
  limit?: string;
  /** Full request paths (as `ctx.path`, e.g. `/_api/trips/hero-image`) with a limit of their own. */
  limitsByPath?: Readonly<Record<string, string>>;
  /**
   * Whose requests get the per-path limits (everyone when omitted). The app passes "signed-in users",
   * with authentication running first, so an anonymous client cannot make the server read 30 MB.
   */
  largeBodiesFor?: (ctx: Context) => boolean;
}

const parserFor = (limit: string) =>
  bodyParser({ enableTypes: ['json'], jsonLimit: limit, jsonStrict: true, encoding: 'utf-8' });

/** Routing ignores case and a trailing slash, so the limit lookup does too. */
const normalisePath = (path: string) => path.toLowerCase().replace(/\/+$/, '');

export function jsonBody({
  limit = DEFAULT_JSON_LIMIT,
  limitsByPath = photoCallLimits,
  largeBodiesFor = () => true,
}: JsonBodyOptions = {}): Middleware {
  const defaultParse = parserFor(limit);
  const parseByPath = new Map(Object.entries(limitsByPath).map(([path, pathLimit]) => [normalisePath(path), parserFor(pathLimit)]));
  return async (ctx, next) => {
    const hasBody = Number(ctx.get('Content-Length') || 0) > 0 || ctx.get('Transfer-Encoding') !== '';
    if (hasBody && !ctx.is('application/json')) {
      throw new AppError('unsupported_media_type', messages.common.unsupportedMediaType);
    }
    const parse = (largeBodiesFor(ctx) && parseByPath.get(normalisePath(ctx.path))) || defaultParse;
    await parse(ctx, async () => {});
    if (ctx.request.body === undefined) ctx.request.body = {};
    await next();
  };
}

/**
 * /_api/trips/export (a file in any of the open formats, for members), the owner's calendar feed calls
 * (/trips/calendar-feed, /create, /rotate, /revoke), and the feed itself at /_api/calendar/<secret>.ics:
 * no session, the secret is the key, so calendar apps can poll it (docs/product.md#calendar-feed). An unknown,
 * rotated or revoked secret answers 404 like any other missing thing.
 */
import Router from '@koa/router';
import { calls, messages, canExportTrip, canManageCalendarFeed, type DistanceUnit, type ExportFormat } from '@caravan/shared';
import { calendarFeedCreator } from '../../commands/calendarFeedCreator.ts';
import { calendarFeedRevoker } from '../../commands/calendarFeedRevoker.ts';
import { calendarFeedRotator } from '../../commands/calendarFeedRotator.ts';
import { exportFileHead, type ExportFile } from '../../exports/exportFormats.ts';
import { exportJobOf, type ExportJob } from '../../exports/exportJob.ts';
import { readerDistanceUnit } from '../../lib/readerDistanceUnit.ts';
import { memberListQuery } from '../../queries/memberList.ts';
import { AppError } from '@caravan/engine';
import { presentCalendarFeed } from '../../presenters/calendarFeed.ts';
import { calendarFeedSecret, tripOfCalendarFeed } from '../../queries/calendarFeedQuery.ts';
import type { AppContext, AppDeps, AppState } from '../../types.ts';
import { tripCallsOn } from '../tripCall.ts';

/** A feed's file name: a secret as randomToken() makes them (256 bits, base64url), then '.ics'. */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

/** Headers of a file answer; the body is returned to the caller to send. */
function sendFile(ctx: AppContext, file: ExportFile, disposition: 'attachment' | 'inline'): string | Buffer {
  ctx.attachment(file.filename, { type: disposition });
  ctx.type = file.contentType;
  // The trip changes: never keep an old copy.
  ctx.set('Cache-Control', 'private, no-cache');
  return file.body;
}

/** The formats that carry each stop-day's weather: the printable itinerary and the calendar. */
const WEATHER_FORMATS: ReadonlySet<ExportFormat> = new Set(['pdf', 'ics']);

export function exportRoutes({ dataSource, tripDocs, config, heavyWork, weather }: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const tripCall = tripCallsOn(router, dataSource);
  const feed = (secret: string | null) => presentCalendarFeed(config.publicOrigin, secret);
  /**
   * A file built in the worker pool, in a place of the user it is counted against, taken before the trip is read:
   * every format walks the whole trip's schedule, which on the request loop held everyone's calls for seconds.
   */
  const exportIn = (userId: number, trip: ExportJob['trip'], format: ExportFormat, distanceUnit?: DistanceUnit): Promise<ExportFile> =>
    heavyWork.forUser(userId, async (run) => {
      const job = { ...(await exportJobOf(tripDocs, trip, format)), distanceUnit };
      // Only the PDF has a costs page: the other formats are about places.
      if (format === 'pdf') job.memberNames = (await memberListQuery(dataSource, trip.id)).map((member) => [member.userId, member.displayName]);
      // The stop-days are walked in the pool, the weather read or asked here (the pool has no database nor network).
      // Without a weather service, sunrise and sunset still print: an empty answer, nothing walked for it.
      if (WEATHER_FORMATS.has(format)) {
        job.weather = await weather.weatherOf(weather.provider === 'none' ? [] : await run('stopDays', { updates: job.updates }));
      }
      const body = await run('buildExport', job);
      return { body: typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength), ...exportFileHead(trip.title, format) };
    });

  tripCall(calls.exports.file, canExportTrip, async ({ user, trip, body, ctx }) =>
    sendFile(ctx, await exportIn(user.id, trip, body.format, readerDistanceUnit(user, ctx)), 'attachment'),
  );

  tripCall(calls.exports.calendarFeed, canManageCalendarFeed, async ({ body }) => feed(await calendarFeedSecret(dataSource, body.tripId)));
  tripCall(calls.exports.createCalendarFeed, canManageCalendarFeed, async ({ body }) => feed(await calendarFeedCreator(dataSource, body)));
  tripCall(calls.exports.rotateCalendarFeed, canManageCalendarFeed, async ({ body }) => feed(await calendarFeedRotator(dataSource, body)));
  tripCall(calls.exports.revokeCalendarFeed, canManageCalendarFeed, async ({ body }) => {
    await calendarFeedRevoker(dataSource, body);
    return feed(null);
  });

  router.get('/calendar/:file', async (ctx) => {
    const secret = FEED_FILE.exec(ctx.params.file ?? '')?.[1];
    const trip = secret ? await tripOfCalendarFeed(dataSource, secret) : null;
    if (!trip) throw new AppError('not_found', messages.tripExport.calendarFeedNotFound);
    // Counted against the owner, who made the feed.
    ctx.body = sendFile(ctx, await exportIn(trip.ownerId, trip, 'ics'), 'inline');
  });

  return router;
}

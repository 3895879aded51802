/**
 * /_api/trips/export (a file in any of the open formats, for members), the owner's calendar feed calls
 * (/trips/calendar-feed, /create, /rotate, /revoke), and the feed itself at /_api/calendar/<secret>.ics:
 * no session, the secret is the key, so calendar apps can poll it (docs/product.md#calendar-feed). An unknown,
 * rotated or revoked secret answers 404 like any other missing thing.
 */
import Router from '@koa/router';
import { calls, messages, canExportTrip, canManageCalendarFeed } from '@caravan/shared';
import { calendarFeedCreator } from '../../commands/calendarFeedCreator.ts';
import { calendarFeedRevoker } from '../../commands/calendarFeedRevoker.ts';
import { calendarFeedRotator } from '../../commands/calendarFeedRotator.ts';
import { exportFile, type ExportFile, type PdfBuild } from '../../exports/exportFormats.ts';
import { loadExportCosts } from '../../exports/loadExportCosts.ts';
import { loadExportTrip } from '../../exports/exportTrip.ts';
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

export function exportRoutes({ dataSource, tripDocs, config, heavyWork }: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const tripCall = tripCallsOn(router, dataSource);
  const feed = (secret: string | null) => presentCalendarFeed(config.publicOrigin, secret);
  /** A PDF built in the worker pool, counted against the user who asked for it. */
  const pdfFor =
    (userId: number): PdfBuild =>
    async (trip) => {
      const bytes = await heavyWork.run(userId, 'buildPdf', trip);
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    };

  tripCall(calls.exports.file, canExportTrip, async ({ user, trip, body, ctx }) => {
    const model = await loadExportTrip(tripDocs, trip);
    // Only the PDF has a costs page: the other formats are about places.
    if (body.format === 'pdf') model.costs = await loadExportCosts({ dataSource, tripDocs }, trip.id);
    return sendFile(ctx, await exportFile(model, body.format, pdfFor(user.id)), 'attachment');
  });

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
    ctx.body = sendFile(ctx, await exportFile(await loadExportTrip(tripDocs, trip), 'ics', pdfFor(trip.ownerId)), 'inline');
  });

  return router;
}

/** The trip's exports (docs/product.md#export): download addresses (plain links, sent with the session cookie) and the owner's calendar feed calls. */
import { calls, type ExportFormat } from '@caravan/shared';
import { call } from '../../lib/api.ts';

export const calendarFeedKey = (tripId: string) => ['trip', tripId, 'calendar-feed'] as const;

/** Where a file downloads from: the export call's GET address. */
export const exportHref = (tripId: string, format: ExportFormat) =>
  `/_api${calls.exports.file.path}?${new URLSearchParams({ tripId, format }).toString()}`;

export const exportApi = {
  calendarFeed: (tripId: string) => call(calls.exports.calendarFeed, { tripId }),
  createCalendarFeed: (tripId: string) => call(calls.exports.createCalendarFeed, { tripId }),
  rotateCalendarFeed: (tripId: string) => call(calls.exports.rotateCalendarFeed, { tripId }),
  revokeCalendarFeed: (tripId: string) => call(calls.exports.revokeCalendarFeed, { tripId }),
};

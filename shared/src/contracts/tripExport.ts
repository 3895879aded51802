/**
 * Open formats out of a trip (export half): files any member downloads (GPX, KML, GeoJSON, an ICS
 * calendar and a printable PDF itinerary), and the owner's calendar feed, a per-trip address with its own
 * revocable secret that calendar apps poll without a session (/_api/calendar/<secret>.ics).
 */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { requestObject, tripId } from './common.ts';

export const EXPORT_FORMATS = ['gpx', 'kml', 'geojson', 'ics', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const ZExportFormat = z.enum(EXPORT_FORMATS, { error: messages.tripExport.invalidFormat(EXPORT_FORMATS) });

/** A GET, so a plain link downloads it with the session cookie. */
export const ZTripExportRequest = requestObject({ tripId: tripId(), format: ZExportFormat });

/** The file itself (text or PDF bytes), sent with its own content type: not JSON. */
export const ZTripExportFile = z.union([z.string(), z.custom<Uint8Array>((value) => value instanceof Uint8Array)]);

export const ZCalendarFeedRequest = requestObject({ tripId: tripId() });

/** The feed's address while one exists; null when the trip has none (never made, or revoked). */
export const ZCalendarFeed = z.object({ url: z.string().nullable() });

/** The path of a feed under /_api: the secret is the whole name, so nothing else identifies the trip. */
export const calendarFeedPath = (secret: string) => `/calendar/${secret}.ics`;

export type TTripExportRequest = z.infer<typeof ZTripExportRequest>;
export type TCalendarFeedRequest = z.infer<typeof ZCalendarFeedRequest>;
export type TCalendarFeed = z.infer<typeof ZCalendarFeed>;

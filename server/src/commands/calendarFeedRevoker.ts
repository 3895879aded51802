/** Ends a trip's calendar feed (owner only): its address answers 404 from now on. Nothing to end is no error. */
import type { DataSource } from 'typeorm';
import type { TCalendarFeedRequest } from '@caravan/shared';

export async function calendarFeedRevoker(dataSource: DataSource, { tripId }: TCalendarFeedRequest): Promise<void> {
  await dataSource.query(`DELETE FROM trip_calendar_feeds WHERE trip_id = $1`, [tripId]);
}

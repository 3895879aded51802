/** A calendar feed as the owner sees it: its full address (calendar apps need an absolute URL), or null. */
import { calendarFeedPath, type TCalendarFeed } from '@caravan/shared';

export const presentCalendarFeed = (publicOrigin: string, secret: string | null): TCalendarFeed => ({
  url: secret ? `${publicOrigin}/_api${calendarFeedPath(secret)}` : null,
});

/**
 * What a pushed notification carries (kept small: push services take about 4 KB, encrypted): the trip as its
 * title, the bell's sentence as its body, and the path the service worker opens on a click (the bell's deep link).
 */
import { notificationPath, notificationSentence, type NotificationKind } from '@caravan/shared';

export interface PushPayload {
  title: string;
  body: string;
  url: string;
  /** The notification's id: the same notification shown twice replaces itself. */
  tag: string;
}

const TITLE_MAX = 80;
const BODY_MAX = 240;
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function pushPayload(row: { id: string; kind: NotificationKind; actorName: string; tripId: string; tripTitle: string; stopId: string | null; data: Record<string, unknown> }): PushPayload {
  return {
    title: clip(row.tripTitle, TITLE_MAX),
    body: clip(notificationSentence(row), BODY_MAX),
    url: notificationPath(row),
    tag: row.id,
  };
}

/**
 * "Since I last looked": when this member last had the trip page open, kept on the device (localStorage) per
 * member and trip; and the version to compare from, the newest taken at or before that time.
 */
import type { TTripVersion } from '@caravan/shared';
import { historyApi } from '../../../lib/tripHistory/historyApi.ts';

const key = (userId: number, tripId: string) => `caravan:history:lastLook:${userId}:${tripId}`;

export function readLastLook(userId: number, tripId: string): string | null {
  try {
    const value = localStorage.getItem(key(userId, tripId));
    return value && !Number.isNaN(Date.parse(value)) ? value : null;
  } catch {
    return null;
  }
}

export function writeLastLook(userId: number, tripId: string, at: Date = new Date()): void {
  try {
    localStorage.setItem(key(userId, tripId), at.toISOString());
  } catch {
    // Storage full or off (private browsing): the next visit simply has no last look.
  }
}

/** The newest version taken at or before `time`, paging back through the history; null when there is none. */
export async function versionAtOrBefore(tripId: string, time: string, pageSize = 200): Promise<TTripVersion | null> {
  const limit = Date.parse(time);
  let before: string | undefined;
  for (;;) {
    const page = await historyApi.list(tripId, before, pageSize);
    const found = page.versions.find((version) => Date.parse(version.takenAt) <= limit);
    if (found) return found;
    if (!page.nextBefore) return null;
    before = page.nextBefore;
  }
}

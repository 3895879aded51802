/**
 * The member's choice to keep the maps of trips starting soon on this device without asking each time: asked
 * once (the answer is kept per member on the device, whose storage holds the packs), changed in any trip's
 * "Offline map" dialog. A trip is due when its first day is within AUTO_PACK_DAYS from today and it has not ended.
 */
import { useCallback, useSyncExternalStore } from 'react';

export const AUTO_PACK_DAYS = 7;

export type AutoPackChoice = 'yes' | 'no' | null;

const key = (userId: number) => `caravan-offline-map-auto:${userId}`;
const listeners = new Set<() => void>();

function read(userId: number): AutoPackChoice {
  try {
    const value = localStorage.getItem(key(userId));
    return value === 'yes' || value === 'no' ? value : null;
  } catch {
    return null;
  }
}

export function useAutoPackChoice(userId: number): [AutoPackChoice, (choice: 'yes' | 'no') => void] {
  const choice = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => read(userId),
  );
  const choose = useCallback(
    (next: 'yes' | 'no') => {
      try {
        localStorage.setItem(key(userId), next);
      } catch {
        // A browser refusing storage asks again next time: nothing else depends on the answer.
      }
      for (const listener of listeners) listener();
    },
    [userId],
  );
  return [choice, choose];
}

const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);

/** Whether a trip from `first` to `last` ('YYYY-MM-DD') starts within the week after `today`, and has not ended. */
export function startsWithinWeek(first: string | null, last: string | null, today: string): boolean {
  if (!first) return false;
  const now = dayNumber(today);
  const start = dayNumber(first);
  const end = last ? dayNumber(last) : start;
  return start - now <= AUTO_PACK_DAYS && end >= now;
}

/**
 * The member's last look at this trip before this visit (read once when the page opens), while this visit is kept
 * as the next one's: written on opening and each time the page is hidden or closed.
 */
import { useEffect, useState } from 'react';
import { readLastLook, writeLastLook } from './lastLook.ts';

export function useLastLook(userId: number, tripId: string): string | null {
  const [previous] = useState(() => readLastLook(userId, tripId));
  useEffect(() => {
    writeLastLook(userId, tripId);
    const onHide = () => {
      if (document.visibilityState === 'hidden') writeLastLook(userId, tripId);
    };
    document.addEventListener('visibilitychange', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      writeLastLook(userId, tripId);
    };
  }, [userId, tripId]);
  return previous;
}

/**
 * Marks the trip right before a whole-trip change this tab is about to write (Plan my days, Optimise, Import places,
 * Bulk schedule, Use these dates), so the history can bring it back. Waits at most TAKE_WAIT_MS: offline, slow or
 * failing, the change goes ahead without the mark; it is never blocked.
 */
import type { TakenKind } from './historyApi.ts';
import { historyApi } from './historyApi.ts';

export const TAKE_WAIT_MS = 1500;

export async function takeVersionBefore(tripId: string, kind: Exclude<TakenKind, 'named'>): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, TAKE_WAIT_MS)));
  const taken = historyApi.take(tripId, kind).then(
    () => undefined,
    () => undefined,
  );
  await Promise.race([taken, waited]);
  clearTimeout(timer);
}

/** The trip history calls (shared/src/contracts/historyCalls.ts): list, take, read, diff and restore. */
import { calls, type TVersionKind } from '@caravan/shared';
import { call } from '../api.ts';

const api = calls.history;

export const historyKeys = {
  all: (tripId: string) => ['trip-history', tripId] as const,
  list: (tripId: string) => ['trip-history', tripId, 'list'] as const,
  version: (tripId: string, versionId: string) => ['trip-history', tripId, 'version', versionId] as const,
  diff: (tripId: string, fromVersionId: string, toVersionId: string | null) => ['trip-history', tripId, 'diff', fromVersionId, toVersionId] as const,
};

/** The kinds a browser may take (a named version, or one right before a whole-trip change). */
export type TakenKind = Exclude<TVersionKind, 'auto' | 'before_restore'>;

export const historyApi = {
  /** Newest first; `before` is the previous page's `nextBefore`. */
  list: (tripId: string, before?: string, limit?: number) => call(api.list, { tripId, before, limit }),
  take: (tripId: string, kind: TakenKind, name?: string) => call(api.take, { tripId, kind, name }),
  read: (tripId: string, versionId: string) => call(api.read, { tripId, versionId }),
  /** From one version to another, or to the trip now (`toVersionId` null). */
  diff: (tripId: string, fromVersionId: string, toVersionId: string | null) =>
    call(api.diff, { tripId, fromVersionId, toVersionId: toVersionId ?? undefined }),
  restore: (tripId: string, versionId: string, only?: { stopId: string } | { root: string; key: string }) =>
    call(api.restore, { tripId, versionId, only }),
};

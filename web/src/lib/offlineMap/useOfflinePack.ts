/**
 * A trip's offline map pack on this device, for the trip page: the pack stored (if any), the server's tile list
 * (asked when wanted), and the download with its progress, cancel and outcome. The download belongs to the page,
 * not to the dialog showing it: closing the dialog lets it go on.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { calls } from '@caravan/shared';
import { call } from '../api.ts';
import { CLIENT_CONFIG_KEY, clientConfigApi } from '../../components/tripMap/clientConfig.ts';
import type { DownloadProgress } from './downloadQueue.ts';
import { downloadPack, estimatedDownload, offlineStyleUrls, preparePack, type PackPlan } from './packMaker.ts';
import { listPacks, packOf, type PackManifest } from './packStore.ts';

export type PackActivity =
  | { kind: 'idle' }
  | { kind: 'preparing' }
  | { kind: 'downloading'; progress: DownloadProgress }
  | { kind: 'finished'; failed: number; cancelled: boolean }
  | { kind: 'error' };

/** Whether the pack matches the route now: 'current', 'outdated' (route changed or a download stopped short). */
export type PackState = 'none' | 'current' | 'outdated';

export const offlinePackKeys = {
  all: ['offline-packs'] as const,
  list: (userId: number) => ['offline-packs', userId] as const,
  one: (userId: number, tripId: string) => ['offline-packs', userId, tripId] as const,
  plan: (tripId: string) => ['offline-map-plan', tripId] as const,
};

/** Packs need Cache Storage and the app-shell worker (a production build) to answer the map from it. */
export const packsSupported = () => typeof caches !== 'undefined' && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/** Progress is drawn at most this often: a pack is thousands of files. */
const PROGRESS_EVERY_MS = 150;

export const askPlan = (tripId: string): Promise<PackPlan> => call(calls.offlineMap.plan, { tripId });

export function packState(pack: PackManifest | null | undefined, plan: PackPlan | undefined): PackState {
  if (!pack) return 'none';
  if (!pack.complete || (plan && plan.packKey !== pack.packKey)) return 'outdated';
  return 'current';
}

/** Asks the browser to keep the site's storage under pressure, once the device holds its first pack. */
async function persistWithFirstPack(userId: number): Promise<void> {
  if ((await listPacks(userId)).length === 0) await navigator.storage?.persist?.().catch(() => false);
}

interface Options {
  userId: number;
  tripId: string;
  tripTitle: string;
  /** Ask the server's tile list (the dialog is open, or an automatic download is due). */
  wantPlan: boolean;
}

export function useOfflinePack({ userId, tripId, tripTitle, wantPlan }: Options) {
  const supported = packsSupported();
  const queryClient = useQueryClient();
  const config = useQuery({ queryKey: CLIENT_CONFIG_KEY, queryFn: clientConfigApi.config, staleTime: Infinity, retry: false });
  const styleUrls = offlineStyleUrls(config.data);
  const available = supported && config.isSuccess && styleUrls.length > 0;
  const pack = useQuery({ queryKey: offlinePackKeys.one(userId, tripId), queryFn: () => packOf(userId, tripId), enabled: supported });
  const plan = useQuery({ queryKey: offlinePackKeys.plan(tripId), queryFn: () => askPlan(tripId), enabled: available && wantPlan, retry: 1, staleTime: 60_000 });
  const [activity, setActivity] = useState<PackActivity>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  const busy = activity.kind === 'preparing' || activity.kind === 'downloading';

  const start = useCallback(async () => {
    if (!plan.data || controller.current) return;
    const abort = new AbortController();
    controller.current = abort;
    setActivity({ kind: 'preparing' });
    let shownAt = 0;
    try {
      const prepared = await preparePack(plan.data, styleUrls, fetch, abort.signal);
      await persistWithFirstPack(userId);
      const outcome = await downloadPack(prepared, {
        userId,
        tripId,
        tripTitle,
        previous: pack.data ?? null,
        signal: abort.signal,
        onProgress: (progress) => {
          const now = performance.now();
          if (now - shownAt < PROGRESS_EVERY_MS && progress.done < progress.total) return;
          shownAt = now;
          setActivity({ kind: 'downloading', progress });
        },
      });
      setActivity({ kind: 'finished', failed: outcome.failedUrls.length, cancelled: outcome.cancelled });
    } catch {
      setActivity(abort.signal.aborted ? { kind: 'finished', failed: 0, cancelled: true } : { kind: 'error' });
    } finally {
      controller.current = null;
      await queryClient.invalidateQueries({ queryKey: offlinePackKeys.all });
    }
  }, [plan.data, styleUrls, userId, tripId, tripTitle, pack.data, queryClient]);

  const cancel = useCallback(() => controller.current?.abort(), []);

  return {
    supported,
    available,
    configKnown: !config.isPending,
    pack: pack.data ?? null,
    plan,
    state: packState(pack.data, plan.data),
    estimate: plan.data ? estimatedDownload(plan.data, pack.data ?? null) : null,
    activity,
    busy,
    start,
    cancel,
  };
}

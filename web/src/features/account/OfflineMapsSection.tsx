/** The account page's "Offline maps on this device": the packs this member keeps here, their state, Delete, and the space used. */
import { useQueries, useQuery } from '@tanstack/react-query';
import { OfflinePackList } from '../../components/offlineMap/OfflinePackList.tsx';
import { offlinePackMessages as text } from '../../lib/messages/offlinePackMessages.ts';
import { listPacks } from '../../lib/offlineMap/packStore.ts';
import { useDeletePack } from '../../lib/offlineMap/useDeletePack.ts';
import { askPlan, offlinePackKeys, packState, packsSupported } from '../../lib/offlineMap/useOfflinePack.ts';

export function OfflineMapsSection({ userId }: { userId: number }) {
  const supported = packsSupported();
  const packs = useQuery({ queryKey: offlinePackKeys.list(userId), queryFn: () => listPacks(userId), enabled: supported });
  const plans = useQueries({
    queries: (packs.data ?? []).map((pack) => ({ queryKey: offlinePackKeys.plan(pack.tripId), queryFn: () => askPlan(pack.tripId), retry: false, staleTime: 60_000 })),
  });
  const space = useQuery({
    queryKey: [...offlinePackKeys.all, 'space'],
    queryFn: async () => {
      const estimate = await navigator.storage.estimate();
      return { usage: estimate.usage ?? 0, quota: estimate.quota ?? 0 };
    },
    enabled: supported && Boolean(navigator.storage?.estimate),
  });
  const remove = useDeletePack(userId);
  const listed = packs.data?.map((pack, index) => ({ pack, state: plans[index]?.data ? packState(pack, plans[index].data) : ('unknown' as const) })) ?? null;

  return (
    <section className="form" aria-labelledby="account-offline-maps-title" data-testid="offline-maps">
      <h2 id="account-offline-maps-title">{text.listTitle}</h2>
      <p className="muted">{text.listIntro}</p>
      {supported ? (
        <OfflinePackList packs={listed} space={space.data ?? null} onDelete={(tripId) => remove.mutate(tripId)} deleting={remove.isPending ? (remove.variables ?? null) : null} />
      ) : (
        <p className="muted">{text.unsupported}</p>
      )}
    </section>
  );
}

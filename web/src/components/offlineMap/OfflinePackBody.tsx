/**
 * What the trip's "Offline map" dialog shows (docs/product.md#map): the size before starting, the pack on this
 * device and whether the route changed since, the download's progress (files and MB) with Cancel, its outcome,
 * Delete, and the member's choice to have trips starting within a week kept automatically (asked once their
 * first pack is there, a checkbox after). Only what it is given: the trip page's hook holds the download.
 */
import { useId } from 'react';
import type { DownloadProgress } from '../../lib/offlineMap/downloadQueue.ts';
import type { PackManifest } from '../../lib/offlineMap/packStore.ts';
import type { AutoPackChoice } from '../../lib/offlineMap/autoPacks.ts';
import type { PackActivity, PackState } from '../../lib/offlineMap/useOfflinePack.ts';
import { offlinePackMessages as text } from '../../lib/messages/offlinePackMessages.ts';

export interface OfflinePackBodyProps {
  supported: boolean;
  /** The base map can be kept (a remote MapLibre style). */
  available: boolean;
  plan: 'loading' | 'error' | 'ready';
  /** What a download would fetch now. */
  estimate: { tiles: number; bytes: number } | null;
  pack: PackManifest | null;
  state: PackState;
  activity: PackActivity;
  onStart: () => void;
  onCancel: () => void;
  onDelete: () => void;
  deleting: boolean;
  /** The member's choice of automatic packs for trips starting within a week: asked once, after their first pack. */
  auto: AutoPackChoice;
  onAutoChange: (choice: 'yes' | 'no') => void;
}

const savedOn = (iso: string) => new Date(iso).toLocaleDateString('en', { day: 'numeric', month: 'short', year: 'numeric' });

export function PackProgress({ progress, onCancel }: { progress: DownloadProgress | null; onCancel: () => void }) {
  const id = useId();
  return (
    <div className="offline-pack-progress">
      <label htmlFor={id}>{text.progressLabel}</label>
      <progress id={id} max={progress?.total || 1} value={progress?.done ?? 0} />
      <p role="status">{progress ? text.progress(progress.done, progress.total, progress.bytes) : text.preparing}</p>
      <button type="button" className="button small" onClick={onCancel}>
        {text.cancel}
      </button>
    </div>
  );
}

function Outcome({ activity }: { activity: PackActivity }) {
  if (activity.kind === 'error') return <p role="alert">{text.storageFailed}</p>;
  if (activity.kind !== 'finished') return null;
  if (activity.cancelled) return <p role="status">{text.cancelled}</p>;
  if (activity.failed > 0) return <p role="alert">{text.failed(activity.failed)}</p>;
  return null;
}

export function OfflinePackBody(props: OfflinePackBodyProps) {
  const { pack, state, activity, estimate } = props;
  const autoId = useId();
  if (!props.supported) return <p className="muted">{text.unsupported}</p>;
  if (!props.available) return <p className="muted">{text.notAvailable}</p>;
  const busy = activity.kind === 'preparing' || activity.kind === 'downloading';
  return (
    <div className="offline-pack">
      {pack && state === 'current' && <p role="status">{text.ready(pack.tileCount, pack.bytes, savedOn(pack.savedAt))}</p>}
      {pack && state === 'outdated' && !busy && (
        <p>{!pack.complete ? text.incomplete : estimate ? text.outdated(estimate.tiles, estimate.bytes) : text.checking}</p>
      )}
      {!pack && props.plan === 'loading' && <p className="muted">{text.checking}</p>}
      {props.plan === 'error' && !busy && <p role="alert">{text.planFailed}</p>}
      {!pack && estimate && !busy && <p>{text.estimate(estimate.tiles, estimate.bytes)}</p>}
      {busy ? (
        <PackProgress progress={activity.kind === 'downloading' ? activity.progress : null} onCancel={props.onCancel} />
      ) : (
        <Outcome activity={activity} />
      )}
      {!busy && (
        <div className="offline-pack-actions">
          {state !== 'current' && (
            <button type="button" className="button primary" disabled={props.plan !== 'ready'} onClick={props.onStart}>
              {pack ? text.update : text.make}
            </button>
          )}
          {pack && (
            <button type="button" className="button danger" disabled={props.deleting} onClick={props.onDelete}>
              {text.remove}
            </button>
          )}
        </div>
      )}
      {props.auto === null && pack && !busy ? (
        <div className="offline-auto-ask" role="group" aria-labelledby={autoId}>
          <p id={autoId}>{text.autoAsk}</p>
          <button type="button" className="button small primary" onClick={() => props.onAutoChange('yes')}>
            {text.autoYes}
          </button>
          <button type="button" className="button small" onClick={() => props.onAutoChange('no')}>
            {text.autoNo}
          </button>
        </div>
      ) : (
        props.auto !== null && (
          <div className="checkbox-row">
            <input id={autoId} type="checkbox" checked={props.auto === 'yes'} onChange={(event) => props.onAutoChange(event.target.checked ? 'yes' : 'no')} />
            <label htmlFor={autoId}>{text.auto}</label>
          </div>
        )
      )}
    </div>
  );
}

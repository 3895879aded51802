/**
 * The account page's offline maps (docs/product.md#account): each pack on this device with its trip, tiles,
 * size, date and whether it matches the route now, a Delete each, and the space the browser gives the site.
 */
import { Link } from 'react-router-dom';
import { offlinePackMessages as text } from '../../lib/messages/offlinePackMessages.ts';
import type { PackManifest } from '../../lib/offlineMap/packStore.ts';
import type { PackState } from '../../lib/offlineMap/useOfflinePack.ts';

export interface ListedPack {
  pack: PackManifest;
  /** Unknown while the route's tile list cannot be asked (offline). */
  state: PackState | 'unknown';
}

interface Props {
  packs: readonly ListedPack[] | null;
  space: { usage: number; quota: number } | null;
  onDelete: (tripId: string) => void;
  deleting: string | null;
}

const STATE_TEXT: Record<ListedPack['state'], string> = {
  none: text.stateUnknown,
  current: text.upToDate,
  outdated: text.needsUpdate,
  unknown: text.stateUnknown,
};
const savedOn = (iso: string) => new Date(iso).toLocaleDateString('en', { day: 'numeric', month: 'short', year: 'numeric' });

export function OfflinePackList({ packs, space, onDelete, deleting }: Props) {
  return (
    <>
      {packs === null && <p className="muted">{text.listLoading}</p>}
      {packs?.length === 0 && <p className="muted">{text.listEmpty}</p>}
      {packs && packs.length > 0 && (
        <ul className="offline-pack-list">
          {packs.map(({ pack, state }) => (
            <li key={pack.tripId}>
              <Link to={`/trips/${pack.tripId}`}>{pack.tripTitle}</Link>
              <dl>
                <dt>{text.columns.tiles}</dt>
                <dd>{pack.tileCount.toLocaleString('en')}</dd>
                <dt>{text.columns.size}</dt>
                <dd>{text.megabytes(pack.bytes)}</dd>
                <dt>{text.columns.saved}</dt>
                <dd>{savedOn(pack.savedAt)}</dd>
                <dt>{text.columns.state}</dt>
                <dd>{pack.complete ? STATE_TEXT[state] : text.stateIncomplete}</dd>
              </dl>
              <button
                type="button"
                className="button small danger"
                aria-label={text.deleteOne(pack.tripTitle)}
                disabled={deleting === pack.tripId}
                onClick={() => onDelete(pack.tripId)}
              >
                {text.delete}
              </button>
            </li>
          ))}
        </ul>
      )}
      {space && <p className="muted">{text.space(space.usage, space.quota)}</p>}
    </>
  );
}

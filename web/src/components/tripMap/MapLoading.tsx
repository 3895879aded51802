/**
 * What the map's place shows until the map is drawn: the shimmer with the words 'Loading map', announced
 * as a status. The whole box while the map's code loads; laid over the map while its style and tiles load
 * (the canvas stays blank until then, a second or more on a slow link).
 */
import { mapMessages } from '../../lib/messages/mapMessages.ts';

export function MapLoading({ over = false }: { over?: boolean }) {
  return (
    <div className={over ? 'map-loading over skeleton' : 'trip-map map-loading skeleton'} role="status" aria-busy="true">
      <span>{mapMessages.loadingMap}</span>
    </div>
  );
}

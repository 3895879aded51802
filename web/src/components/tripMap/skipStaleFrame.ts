/**
 * New data in a GeoJSON source makes MapLibre draw a frame at once, still with the old tiles, and another when
 * the reloaded tiles come back: the first looks the same as before and costs a whole frame. Where frames are
 * dear (composited in software, every map frame copies the WebGL canvas out: 40–90 ms at 1366 px, see
 * bench/RESULTS.md), a reorder's route change then made two long tasks instead of one. This skips that first
 * frame; the reloaded tiles ask for the next. It reaches into MapLibre's frame request (no public way to drop a
 * repaint), so it acts only where that is what it expects, and never while the camera moves.
 */
import type { Map as MapLibreMap, MapSourceDataEvent } from 'maplibre-gl';

/** Should no reloaded tile ask for a frame (none in view held the change), one is drawn after this anyway. */
const FALLBACK_MS = 300;

export function skipStaleFrame(map: MapLibreMap, sourceId: string): void {
  const onData = (event: MapSourceDataEvent) => {
    if (event.sourceId !== sourceId || event.sourceDataType !== 'content') return;
    map.off('sourcedata', onData);
    const internals = map as unknown as { _frameRequest?: unknown };
    if (map.isMoving() || !(internals._frameRequest instanceof AbortController)) return;
    internals._frameRequest.abort();
    internals._frameRequest = null;
    const fallback = setTimeout(() => map.triggerRepaint(), FALLBACK_MS);
    map.once('render', () => clearTimeout(fallback));
  };
  map.on('sourcedata', onData);
}

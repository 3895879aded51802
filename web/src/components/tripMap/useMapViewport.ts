/**
 * Follows the map's view (docs/product.md#map): the viewport settles 300 ms after a move ends; a move
 * the user started (it carries an input event) turns off auto-fit, reveals 'Fit to Stops', and reveals
 * 'Search This Area' once the view is far enough from the one last searched or fitted. Moves made by
 * the page itself (fitting, nudging a popup) only set that reference view.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MapRef, ViewStateChangeEvent } from 'react-map-gl/maplibre';
import { searchRadiusKm, VIEWPORT_DEBOUNCE_MS, viewportChanged, type Viewport } from './geo.ts';

function readViewport(map: MapRef): Viewport {
  const centre = map.getCenter();
  const bounds = map.getBounds();
  const box = { north: bounds.getNorth(), south: bounds.getSouth(), east: bounds.getEast(), west: bounds.getWest() };
  const at = { latitude: centre.lat, longitude: centre.lng };
  return { centre: at, radiusKm: searchRadiusKm(at, box), bounds: box };
}

export function useMapViewport(mapRef: React.RefObject<MapRef | null>) {
  const [viewport, setViewport] = useState<Viewport | null>(null);
  const [userMoved, setUserMoved] = useState(false);
  const [showFit, setShowFit] = useState(false);
  const [showSearchArea, setShowSearchArea] = useState(false);
  const reference = useRef<Viewport | null>(null);
  const byUser = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onMoveStart = useCallback((event: ViewStateChangeEvent) => {
    if (!event.originalEvent) return;
    byUser.current = true;
    setUserMoved(true);
    setShowFit(true);
  }, []);

  const onMoveEnd = useCallback(() => {
    const wasUser = byUser.current;
    byUser.current = false;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const map = mapRef.current;
      if (!map) return;
      const next = readViewport(map);
      setViewport(next);
      if (!wasUser || !reference.current) reference.current = next;
      else if (viewportChanged(reference.current, next)) setShowSearchArea(true);
    }, VIEWPORT_DEBOUNCE_MS);
  }, [mapRef]);

  /** 'Search This Area' was pressed: hide it until the view moves on from here. */
  const searchedHere = useCallback(() => {
    setShowSearchArea(false);
    if (mapRef.current) reference.current = readViewport(mapRef.current);
  }, [mapRef]);

  const fitted = useCallback(() => setShowFit(false), []);

  return { viewport, userMoved, showFit, showSearchArea, onMoveStart, onMoveEnd, searchedHere, fitted };
}

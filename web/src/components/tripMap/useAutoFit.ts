/**
 * Fits the map to the stops (padding 50 px) whenever they change, until the user first moves or zooms
 * (SPEC-2 §4); with no stops it centres on the user's location when known. `fit` serves 'Fit to Stops'.
 */
import { useCallback, useEffect } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { FIT_PADDING_PX, type LatLng } from './geo.ts';

/** One stop has no extent to fit: show it at town scale. */
const SINGLE_POINT_ZOOM = 11;
const FIT_MAX_ZOOM = 14;

export function useAutoFit(mapRef: React.RefObject<MapRef | null>, ready: boolean, points: LatLng[], userLocation: LatLng | null, enabled: boolean) {
  const fit = useCallback(
    (animate: boolean) => {
      const map = mapRef.current;
      if (!map || points.length === 0) return;
      const duration = animate ? 500 : 0;
      if (points.length === 1) {
        map.easeTo({ center: [points[0].longitude, points[0].latitude], zoom: SINGLE_POINT_ZOOM, duration });
        return;
      }
      const lngs = points.map((point) => point.longitude);
      const lats = points.map((point) => point.latitude);
      map.fitBounds(
        [
          [Math.min(...lngs), Math.min(...lats)],
          [Math.max(...lngs), Math.max(...lats)],
        ],
        { padding: FIT_PADDING_PX, maxZoom: FIT_MAX_ZOOM, duration },
      );
    },
    [mapRef, points],
  );

  useEffect(() => {
    if (!ready || !enabled) return;
    if (points.length > 0) fit(false);
    else if (userLocation) mapRef.current?.easeTo({ center: [userLocation.longitude, userLocation.latitude], duration: 0 });
  }, [ready, enabled, points, userLocation, fit, mapRef]);

  return fit;
}

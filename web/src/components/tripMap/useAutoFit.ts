/**
 * Fits the map to the stops (leaving FIT_PADDING for the pins, their badges and the controls) whenever their
 * extent changes, until the user first moves or zooms (docs/product.md#map); with no stops it centres on the user's
 * location when known. `fit` serves 'Fit to Stops'. A reorder keeps the extent, so it leaves the camera (and
 * the markers) where they are.
 */
import { useCallback, useEffect, useMemo } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import type { FitPadding, LatLng } from './geo.ts';

/** One stop has no extent to fit: show it at town scale. */
const SINGLE_POINT_ZOOM = 11;
const FIT_MAX_ZOOM = 14;
/** The middle of the padded area, as an offset from the map's centre (easeTo's padding would stay on the map). */
const paddedCentreOffset = (padding: Readonly<FitPadding>): [number, number] => [(padding.left - padding.right) / 2, (padding.top - padding.bottom) / 2];

/** West, south, east, north of the points; null without points. */
type Extent = [number, number, number, number];

function extentOf(points: LatLng[]): Extent | null {
  if (points.length === 0) return null;
  const lngs = points.map((point) => point.longitude);
  const lats = points.map((point) => point.latitude);
  return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
}

/** `padding`: room for the controls shown (FIT_PADDING, or FIT_PADDING_WITH_DAYS under the day picker); a change refits. */
export function useAutoFit(
  mapRef: React.RefObject<MapRef | null>,
  ready: boolean,
  points: LatLng[],
  userLocation: LatLng | null,
  enabled: boolean,
  padding: Readonly<FitPadding>,
) {
  const extentKey = extentOf(points)?.join(',') ?? '';
  const extent = useMemo(() => (extentKey ? (extentKey.split(',').map(Number) as Extent) : null), [extentKey]);

  const fit = useCallback(
    (animate: boolean) => {
      const map = mapRef.current;
      if (!map || !extent) return;
      const duration = animate ? 500 : 0;
      const [west, south, east, north] = extent;
      if (west === east && south === north) {
        map.easeTo({ center: [west, south], zoom: SINGLE_POINT_ZOOM, offset: paddedCentreOffset(padding), duration });
        return;
      }
      map.fitBounds(
        [
          [west, south],
          [east, north],
        ],
        { padding, maxZoom: FIT_MAX_ZOOM, duration },
      );
    },
    [mapRef, extent, padding],
  );

  useEffect(() => {
    if (!ready || !enabled) return;
    if (extent) fit(false);
    else if (userLocation) mapRef.current?.easeTo({ center: [userLocation.longitude, userLocation.latitude], duration: 0 });
  }, [ready, enabled, extent, userLocation, fit, mapRef]);

  return fit;
}

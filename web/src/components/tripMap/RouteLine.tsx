/** The route: a line through the stops in trip order (route mode, more than one stop). */
import { memo, useMemo } from 'react';
import type { LatLng } from './geo.ts';
import { useMapKit } from './mapKit.ts';

export const RouteLine = memo(function RouteLine({ points }: { points: LatLng[] }) {
  const { Source, Layer } = useMapKit();
  const data = useMemo(
    () => ({
      type: 'Feature' as const,
      properties: {},
      geometry: { type: 'LineString' as const, coordinates: points.map((point) => [point.longitude, point.latitude]) },
    }),
    [points],
  );
  return (
    <Source id="trip-route" type="geojson" data={data}>
      <Layer
        id="trip-route-line"
        type="line"
        layout={{ 'line-join': 'round', 'line-cap': 'round' }}
        paint={{ 'line-color': '#bf5520', 'line-width': 4, 'line-opacity': 0.85 }}
      />
    </Source>
  );
});

/**
 * Which library draws the map (docs/product.md#map): MapLibre GL by default, Mapbox GL when the server has a
 * MAPBOX_TOKEN. react-map-gl has one set of components per library, each bound to its own library's map,
 * so the map's pieces take theirs from this context rather than importing one library's (loadMapKit.ts
 * loads the one a page needs).
 */
import { createContext, useContext } from 'react';
import type * as MapLibreComponents from 'react-map-gl/maplibre';
import type { TClientConfigResponse } from '@caravan/shared';

/** The components the map uses, typed as MapLibre's: Mapbox's have the same names and props we use. */
export type MapKit = Pick<typeof MapLibreComponents, 'Map' | 'Marker' | 'Popup' | 'Source' | 'Layer' | 'NavigationControl' | 'useMap'> & {
  /** The library's GeoJSON sources take MapLibre's `updateData` diffs (Mapbox's `updateData` means something else). */
  geoJsonDiffs: boolean;
};

export const MapKitContext = createContext<MapKit | null>(null);

export function useMapKit(): MapKit {
  const kit = useContext(MapKitContext);
  if (!kit) throw new Error('map components need a MapKitContext');
  return kit;
}

export type MapLibraryName = 'maplibre' | 'mapbox';

export const mapLibraryFor = (config: TClientConfigResponse | undefined): MapLibraryName =>
  config?.mapboxToken ? 'mapbox' : 'maplibre';

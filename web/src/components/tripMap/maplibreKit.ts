/** MapLibre GL's react-map-gl components: the default map library. */
import { Layer, Map, Marker, NavigationControl, Popup, Source, useMap } from 'react-map-gl/maplibre';
import { setWorkerUrl } from 'maplibre-gl';
import maplibreWorkerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { MapKit } from './mapKit.ts';

// MapLibre looks for its worker next to its own file, which the bundle renames; point it at the emitted copy.
setWorkerUrl(maplibreWorkerUrl);

export const maplibreKit: MapKit = { Map, Marker, Popup, Source, Layer, NavigationControl, useMap, geoJsonDiffs: true };

/** Mapbox GL's react-map-gl components, used when the server has a MAPBOX_TOKEN. */
import mapboxgl from 'mapbox-gl';
import { Layer, Map, Marker, NavigationControl, Popup, Source, useMap } from 'react-map-gl/mapbox';
import 'mapbox-gl/dist/mapbox-gl.css';
import type { MapKit } from './mapKit.ts';

const components = { Map, Marker, Popup, Source, Layer, NavigationControl, useMap, geoJsonDiffs: false };

export function mapboxKit(accessToken: string): MapKit {
  mapboxgl.accessToken = accessToken;
  // Same component names and the props this map uses; only the library-specific types differ.
  return components as unknown as MapKit;
}

/**
 * The base map: a MapLibre style URL from MAP_STYLE_URL; else, with MAPBOX_TOKEN, Mapbox's raster tiles
 * (drawn by MapLibre: mapbox-gl is not a dependency, and Mapbox's raster tiles need only the token);
 * else a plain background, which needs no network, so markers, the route and the controls always show.
 */
import type { StyleSpecification } from 'maplibre-gl';
import type { TClientConfigResponse } from '@caravan/shared';

const background = { id: 'background', type: 'background', paint: { 'background-color': '#e9eef0' } } as const;

export const PLAIN_STYLE: StyleSpecification = { version: 8, sources: {}, layers: [background] };

function mapboxRasterStyle(token: string): StyleSpecification {
  return {
    version: 8,
    sources: {
      mapbox: {
        type: 'raster',
        tiles: [`https://api.mapbox.com/styles/v1/mapbox/streets-v12/tiles/512/{z}/{x}/{y}@2x?access_token=${encodeURIComponent(token)}`],
        tileSize: 512,
        attribution: '© <a href="https://www.mapbox.com/about/maps/">Mapbox</a> © <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
      },
    },
    layers: [background, { id: 'mapbox', type: 'raster', source: 'mapbox' }],
  };
}

export function baseMapStyle(config: TClientConfigResponse | undefined): string | StyleSpecification {
  if (config?.mapStyleUrl) return config.mapStyleUrl;
  if (config?.mapboxToken) return mapboxRasterStyle(config.mapboxToken);
  return PLAIN_STYLE;
}

/**
 * The base map: the style URL from MAP_STYLE_URL; else, with MAPBOX_TOKEN, Mapbox's streets style (drawn
 * by Mapbox GL); else a plain background, which needs no network, so markers, the route and the controls
 * always show.
 */
import type { StyleSpecification } from 'maplibre-gl';
import type { TClientConfigResponse } from '@caravan/shared';

const background = { id: 'background', type: 'background', paint: { 'background-color': '#e9eef0' } } as const;

export const PLAIN_STYLE: StyleSpecification = { version: 8, sources: {}, layers: [background] };

/** Mapbox's own streets style: Mapbox GL draws it with the token (mapKit.ts). */
const MAPBOX_STREETS = 'mapbox://styles/mapbox/streets-v12';

export function baseMapStyle(config: TClientConfigResponse | undefined): string | StyleSpecification {
  if (config?.mapStyleUrl) return config.mapStyleUrl;
  if (config?.mapboxToken) return MAPBOX_STREETS;
  return PLAIN_STYLE;
}

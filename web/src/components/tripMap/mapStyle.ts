/**
 * Which base map to draw (docs/product.md#map): the style at MAP_STYLE_URL; else, with MAPBOX_TOKEN, Mapbox's streets
 * style (drawn by Mapbox GL); else OpenFreeMap's public keyless style. With remote tiles turned off
 * (EMBEDDED_MAP_STYLE), or once a remote style fails (useBaseMapStyle), the embedded base map.
 */
import type { StyleSpecification } from 'maplibre-gl';
import { DEFAULT_MAP_STYLE_URL, EMBEDDED_MAP_STYLE, type TClientConfigResponse } from '@caravan/shared';

/** Shown for the moment the embedded base map's chunk takes to load: no network needed. */
export const PLAIN_STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#e9eef0' } }],
};

/** Mapbox's own streets style: Mapbox GL draws it with the token (mapKit.ts). */
const MAPBOX_STREETS = 'mapbox://styles/mapbox/streets-v12';

/** A remote style must have drawn its first tiles by then, or the map falls back to the embedded one. */
export const REMOTE_STYLE_TIMEOUT_MS = 6000;

export type BaseMapChoice = { kind: 'remote'; url: string } | { kind: 'embedded' };

export function baseMapChoice(config: TClientConfigResponse | undefined): BaseMapChoice {
  if (config?.mapStyleUrl === EMBEDDED_MAP_STYLE) return { kind: 'embedded' };
  if (config?.mapStyleUrl) return { kind: 'remote', url: config.mapStyleUrl };
  if (config?.mapboxToken) return { kind: 'remote', url: MAPBOX_STREETS };
  return { kind: 'remote', url: DEFAULT_MAP_STYLE_URL };
}

/** Sources the map adds itself (the route line): their errors say nothing about the base map's tiles. */
export const isOwnSource = (sourceId: unknown) => typeof sourceId === 'string' && sourceId.startsWith('trip-');

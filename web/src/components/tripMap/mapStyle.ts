/**
 * Which base map to draw (docs/product.md#map): the style at MAP_STYLE_URL; else, with MAPBOX_TOKEN, Mapbox's streets
 * style (drawn by Mapbox GL); else OpenFreeMap's public keyless style. In a dark theme, each one's dark variant:
 * MAP_STYLE_URL_DARK, Mapbox's dark, OpenFreeMap's dark (a configured style with no dark variant stays as it is).
 * With remote tiles turned off (EMBEDDED_MAP_STYLE), or once a remote style fails (useBaseMapStyle), the embedded
 * base map, in the theme's colours.
 */
import type { StyleSpecification } from 'maplibre-gl';
import { DEFAULT_DARK_MAP_STYLE_URL, DEFAULT_MAP_STYLE_URL, EMBEDDED_MAP_STYLE, type TClientConfigResponse } from '@caravan/shared';
import type { ColourScheme } from './useColourScheme.ts';

const plain = (background: string): StyleSpecification => ({
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': background } }],
});

/**
 * Shown for the moment the embedded base map's chunk takes to load: no network needed. The page's map background
 * (--map-bg in theme.css); one object per theme, since a new style object makes the map set its style again.
 */
export const PLAIN_STYLES: Record<ColourScheme, StyleSpecification> = { light: plain('#e9eef0'), dark: plain('#2a3238') };

/** Mapbox's own styles: Mapbox GL draws them with the token (mapKit.ts). */
const MAPBOX_STYLES: Record<ColourScheme, string> = { light: 'mapbox://styles/mapbox/streets-v12', dark: 'mapbox://styles/mapbox/dark-v11' };
const DEFAULT_STYLES: Record<ColourScheme, string> = { light: DEFAULT_MAP_STYLE_URL, dark: DEFAULT_DARK_MAP_STYLE_URL };

/** A remote style must have drawn its first tiles by then, or the map falls back to the embedded one. */
export const REMOTE_STYLE_TIMEOUT_MS = 6000;

export type BaseMapChoice = { kind: 'remote'; url: string } | { kind: 'embedded' };

export function baseMapChoice(config: TClientConfigResponse | undefined, scheme: ColourScheme): BaseMapChoice {
  if (config?.mapStyleUrl === EMBEDDED_MAP_STYLE) return { kind: 'embedded' };
  if (scheme === 'dark' && config?.mapStyleUrlDark) return { kind: 'remote', url: config.mapStyleUrlDark };
  if (config?.mapStyleUrl) return { kind: 'remote', url: config.mapStyleUrl };
  if (config?.mapboxToken) return { kind: 'remote', url: MAPBOX_STYLES[scheme] };
  return { kind: 'remote', url: DEFAULT_STYLES[scheme] };
}

/** Sources the map adds itself (the route line): their errors say nothing about the base map's tiles. */
export const isOwnSource = (sourceId: unknown) => typeof sourceId === 'string' && sourceId.startsWith('trip-');

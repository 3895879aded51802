/** GET /_api/config: what the browser needs to know about this deployment before it draws a map, and whose data it shows. */
import { z } from 'zod';

/**
 * The `mapStyleUrl` that turns remote tiles off: the web app draws its embedded low-detail base map (Natural
 * Earth land, countries and US states) and asks no tile service. Set by MAP_STYLE_URL=embedded or MAP_TILES=off.
 */
export const EMBEDDED_MAP_STYLE = 'embedded';

/** The public, keyless vector style drawn when MAP_STYLE_URL is unset (and no Mapbox token is set). */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';

/** Its dark variant, drawn instead when the browser asks for a dark theme. */
export const DEFAULT_DARK_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/dark';

export const ZClientConfigResponse = z.object({
  /**
   * A style URL for the base map; EMBEDDED_MAP_STYLE for the built-in base map without remote tiles; null for
   * the default (OpenFreeMap, or Mapbox's streets with a token). Whatever cannot load falls back to the embedded.
   */
  mapStyleUrl: z.string().nullable(),
  /**
   * The base map's style URL for a dark theme; null for the default's own dark variant (OpenFreeMap's dark, or
   * Mapbox's dark with a token), or for `mapStyleUrl` itself when that is set and has no dark variant.
   */
  mapStyleUrlDark: z.string().nullable(),
  /** A public Mapbox access token; with it Mapbox GL draws the map. */
  mapboxToken: z.string().nullable(),
  /**
   * Which provider answers each kind of look-up now: a remote one while it answers (PROVIDERS=auto checks them at
   * start and skips one that is down), else the offline one (the offline list, the straight-line estimate).
   */
  providers: z.object({
    locations: z.enum(['photon', 'offline']),
    roads: z.enum(['osrm', 'estimate']),
    pois: z.enum(['overpass', 'offline']),
    exchangeRates: z.enum(['ecb', 'none']),
  }),
  /** The credits the answering providers ask for, to show where their data shows ("© OpenStreetMap contributors"). */
  attribution: z.array(z.string()),
});

/** Credits, by provider. */
export const PROVIDER_ATTRIBUTION = {
  openStreetMap: '© OpenStreetMap contributors',
  photon: 'Search by Photon (komoot)',
  osrm: 'Routes by OSRM',
  overpass: 'Places by the Overpass API',
  geoNames: 'Places from GeoNames: towns and postal codes (CC-BY 4.0)',
} as const;

export type TClientConfigResponse = z.infer<typeof ZClientConfigResponse>;

/** GET /_api/config: what the browser needs to know about this deployment before it draws a map. */
import { z } from 'zod';

export const ZClientConfigResponse = z.object({
  /** A MapLibre style URL for the base map; null means the built-in plain background. */
  mapStyleUrl: z.string().nullable(),
  /** A public Mapbox access token; with it (and no style URL) the base map is Mapbox's raster tiles. */
  mapboxToken: z.string().nullable(),
});

export type TClientConfigResponse = z.infer<typeof ZClientConfigResponse>;

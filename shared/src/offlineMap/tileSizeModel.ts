/**
 * What a pack's tiles weigh, before it is downloaded: bytes per vector tile (OpenMapTiles schema, as OpenFreeMap
 * serves it) by zoom, for land a road trip drives through. Zooms 0–5 are whole-world averages (a pack has a handful
 * of them); 6–14 are those of rural and small-town land with its roads, rivers and places, where most of a road trip's
 * corridor runs (a city's z14 tile is 100–300 KB, open country's 5–20 KB); 15–16 are for sources that cut tiles that
 * deep (OpenMapTiles stops at 14 and the map draws deeper zooms from those). bench:offline-pack measures a pack
 * against its estimate.
 */
const BYTES_BY_ZOOM = [
  76_000, 172_000, 400_000, 220_000, 80_000, 60_000, 45_000, 40_000, 35_000, 30_000, 28_000, 26_000, 26_000, 26_000, 28_000, 20_000, 12_000,
] as const;

/** The expected bytes of one tile at a zoom. */
export const estimatedTileBytes = (zoom: number) => BYTES_BY_ZOOM[Math.min(zoom, BYTES_BY_ZOOM.length - 1)];

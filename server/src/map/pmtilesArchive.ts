/**
 * A self-hosted PMTiles archive (MAP_PMTILES_URL) read by HTTP range requests (the pmtiles library: its header and
 * directories once, then each tile's bytes by their range), answered as plain XYZ: a tile's bytes, and a TileJSON
 * listing `{origin}/_api/map/tiles/{z}/{x}/{y}.pbf` with the archive's zooms, bounds and layers, so the page's map
 * and the offline pack see ordinary tile URLs on the app's own origin.
 */
import { FetchSource, PMTiles } from 'pmtiles';

export const MAP_TILES_PATH = '/_api/map/tiles';

export interface PmtilesArchive {
  /** The tile's (uncompressed) bytes; undefined where the archive has none. */
  tile(z: number, x: number, y: number): Promise<Uint8Array | undefined>;
  tileJson(origin: string): Promise<object>;
}

interface ArchiveMetadata {
  vector_layers?: unknown[];
  attribution?: string;
  name?: string;
}

export function openPmtilesArchive(url: string, userAgent: string): PmtilesArchive {
  const archive = new PMTiles(new FetchSource(url, new Headers({ 'user-agent': userAgent })));
  return {
    async tile(z, x, y) {
      const answer = await archive.getZxy(z, x, y);
      return answer ? new Uint8Array(answer.data) : undefined;
    },
    async tileJson(origin) {
      const [header, metadata] = await Promise.all([archive.getHeader(), archive.getMetadata() as Promise<ArchiveMetadata>]);
      return {
        tilejson: '3.0.0',
        name: metadata.name ?? 'Base map',
        attribution: metadata.attribution ?? '© OpenMapTiles © OpenStreetMap contributors',
        tiles: [`${origin}${MAP_TILES_PATH}/{z}/{x}/{y}.pbf`],
        minzoom: header.minZoom,
        maxzoom: header.maxZoom,
        bounds: [header.minLon, header.minLat, header.maxLon, header.maxLat],
        center: [header.centerLon, header.centerLat, header.centerZoom],
        vector_layers: metadata.vector_layers ?? [],
      };
    },
  };
}

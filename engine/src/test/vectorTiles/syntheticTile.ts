/**
 * A synthetic base-map tile in the OpenMapTiles schema (the layers OpenFreeMap serves: transportation,
 * transportation_name, water, waterway, landcover, landuse, building, place), encoded as a real Mapbox Vector Tile
 * (geojson-vt clips and simplifies the tile's features, vt-pbf writes them). The world is the same in every tile, so
 * neighbours join: roads lie on grids fixed in degrees, winding by a seeded wobble, each class from the zoom
 * OpenMapTiles shows it; woods and lakes sit in cells of their own grid. Near a town (a centre and a radius) streets
 * are a block apart and blocks hold buildings from zoom 14, as in a town's real tiles; open country has its roads,
 * woods and streams. That gives the sizes real tiles have (open country's z14 tile some 5–20 KB, a town's 100 KB and
 * more); bench:offline-pack prints them by zoom.
 */
import { geoJSONToTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';

export interface StandInTown {
  name: string;
  latitude: number;
  longitude: number;
  /** How far its streets reach. */
  radiusKm: number;
}

interface Bounds {
  west: number;
  east: number;
  south: number;
  north: number;
}

/** Roads by class: grid spacing (degrees), the first zoom OpenMapTiles shows them at, and how much they wind. */
const ROAD_CLASSES = [
  { cls: 'motorway', spacing: 1.2, minZoom: 4, wobble: 0.08 },
  { cls: 'primary', spacing: 0.3, minZoom: 7, wobble: 0.03 },
  { cls: 'secondary', spacing: 0.1, minZoom: 9, wobble: 0.012 },
  { cls: 'tertiary', spacing: 0.035, minZoom: 11, wobble: 0.005 },
  { cls: 'track', spacing: 0.012, minZoom: 14, wobble: 0.002 },
] as const;
/** A town's streets: a block apart, from zoom 13. */
const STREET_SPACING = 0.0014;
const HOUSES_PER_BLOCK = 14;
/** Woods and lakes: a tile is cut into this many cells a side, each holding one or none, from zoom 6. */
const NATURE_CELLS_PER_TILE = 9;
/** Corners of a wood's edge or a lake's shore, as finely as real ones are drawn at the tile's scale. */
const SHORE_CORNERS = 240;
const EXTENT = 4096;

/** A seeded number in [0, 1) for a grid position, the same every time. */
function noise(a: number, b: number, salt: number): number {
  let h = Math.imul(a | 0, 374761393) ^ Math.imul(b | 0, 668265263) ^ Math.imul(salt, 2246822519);
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

export function tileBounds(z: number, x: number, y: number): Bounds {
  const n = 2 ** z;
  const lat = (row: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * row) / n))) * 180) / Math.PI;
  return { west: (x / n) * 360 - 180, east: ((x + 1) / n) * 360 - 180, north: lat(y), south: lat(y + 1) };
}

const kmBetween = (lat1: number, lon1: number, lat2: number, lon2: number) =>
  Math.hypot((lat2 - lat1) * 111.2, (lon2 - lon1) * 111.2 * Math.cos((lat1 * Math.PI) / 180));

/**
 * The grid lines of one class crossing the bounds, each winding by its own seed, as points every `step`, drawn only
 * a little past the tile's edges (geojson-vt clips them at its buffer): a motorway drawn its whole way at z14's step
 * would be thousands of points per tile.
 */
function gridLines(bounds: Bounds, spacing: number, wobble: number, salt: number, step: number): Position[][] {
  const lines: Position[][] = [];
  const reach = Math.max(bounds.east - bounds.west, bounds.north - bounds.south) * 0.1 + wobble;
  const along = (from: number, to: number) => {
    const points: number[] = [];
    for (let value = Math.floor((from - reach) / step) * step; value <= to + reach + step; value += step) points.push(value);
    return points;
  };
  for (let i = Math.floor((bounds.west - reach) / spacing); i <= Math.ceil((bounds.east + reach) / spacing); i += 1) {
    const phase = noise(i, 0, salt) * 6.28;
    lines.push(along(bounds.south, bounds.north).map((lat) => [i * spacing + wobble * Math.sin(lat / (spacing * 0.7) + phase), lat]));
  }
  for (let j = Math.floor((bounds.south - reach) / spacing); j <= Math.ceil((bounds.north + reach) / spacing); j += 1) {
    const phase = noise(0, j, salt + 1) * 6.28;
    lines.push(along(bounds.west, bounds.east).map((lon) => [lon, j * spacing + wobble * Math.sin(lon / (spacing * 0.7) + phase)]));
  }
  return lines;
}

const feature = (geometry: Geometry, properties: Record<string, string | number>): Feature => ({ type: 'Feature', geometry, properties });

/** A closed wobbly ring around a centre: a wood or a lake's shore, `points` corners. */
function blob(lon: number, lat: number, radius: number, points: number, seed: number): Position[] {
  const ring: Position[] = [];
  for (let k = 0; k < points; k += 1) {
    const angle = (k / points) * Math.PI * 2;
    const r = radius * (0.75 + 0.1 * Math.sin(k / 5 + seed) + 0.15 * noise(seed, k, 7));
    ring.push([lon + r * Math.cos(angle), lat + r * Math.sin(angle) * 0.75]);
  }
  ring.push(ring[0]);
  return ring;
}

function roads(bounds: Bounds, z: number, layers: Record<string, Feature[]>): void {
  const tileDegrees = bounds.east - bounds.west;
  ROAD_CLASSES.forEach(({ cls, spacing, minZoom, wobble }, salt) => {
    if (z < minZoom) return;
    const step = Math.max(spacing / 12, tileDegrees / 48);
    for (const line of gridLines(bounds, spacing, wobble, salt * 10, step)) {
      layers.transportation.push(feature({ type: 'LineString', coordinates: line }, { class: cls, oneway: 0, surface: cls === 'track' ? 'unpaved' : 'paved' }));
      if (z >= minZoom + 2) layers.transportation_name.push(feature({ type: 'LineString', coordinates: line }, { class: cls, name: `${cls[0].toUpperCase()}${cls.slice(1)} Road ${Math.round(line[0][0] * 100)}`, ref: '' }));
    }
  });
}

function nature(bounds: Bounds, z: number, layers: Record<string, Feature[]>): void {
  if (z < 6) return;
  // Real tiles are generalised by zoom: about the same number of woods and lakes in a tile at any zoom.
  const cell = 360 / 2 ** z / NATURE_CELLS_PER_TILE;
  for (let i = Math.floor(bounds.west / cell) - 1; i <= Math.ceil(bounds.east / cell); i += 1) {
    for (let j = Math.floor(bounds.south / cell) - 1; j <= Math.ceil(bounds.north / cell); j += 1) {
      const roll = noise(i, j, 3 + z);
      const [lon, lat] = [(i + 0.5) * cell, (j + 0.5) * cell];
      if (roll < 0.08) layers.water.push(feature({ type: 'Polygon', coordinates: [blob(lon, lat, cell * 0.35, SHORE_CORNERS, i * 31 + j)] }, { class: 'lake' }));
      else if (roll < 0.7) layers.landcover.push(feature({ type: 'Polygon', coordinates: [blob(lon, lat, cell * 0.5, SHORE_CORNERS, i * 17 + j)] }, { class: roll < 0.45 ? 'wood' : 'grass', subclass: roll < 0.45 ? 'forest' : 'meadow' }));
      if (roll > 0.8 && z >= 9) {
        const stream: Position[] = [];
        for (let k = 0; k <= 40; k += 1) stream.push([i * cell + (k / 40) * cell, lat + cell * 0.25 * Math.sin(k / 3 + roll * 9) + cell * 0.05 * noise(i, k, 11)]);
        layers.waterway.push(feature({ type: 'LineString', coordinates: stream }, { class: 'stream', name: `Creek ${i % 1000}`, name_en: `Creek ${i % 1000}`, brunnel: '' }));
      }
    }
  }
}

function towns(bounds: Bounds, z: number, all: readonly StandInTown[], layers: Record<string, Feature[]>): void {
  for (const town of all) {
    const reachLat = town.radiusKm / 111.2;
    const reachLon = reachLat / Math.cos((town.latitude * Math.PI) / 180);
    const [west, east, south, north] = [town.longitude - reachLon, town.longitude + reachLon, town.latitude - reachLat, town.latitude + reachLat];
    if (east < bounds.west || west > bounds.east || north < bounds.south || south > bounds.north) continue;
    if (z >= 4) layers.place.push(feature({ type: 'Point', coordinates: [town.longitude, town.latitude] }, { class: 'town', name: town.name, rank: 10 }));
    if (z >= 10) layers.landuse.push(feature({ type: 'Polygon', coordinates: [blob(town.longitude, town.latitude, reachLat, 64, Math.round(town.latitude * 100))] }, { class: 'residential' }));
    if (z < 13) continue;
    const inside = { west: Math.max(west, bounds.west), east: Math.min(east, bounds.east), south: Math.max(south, bounds.south), north: Math.min(north, bounds.north) };
    const s = STREET_SPACING;
    for (let i = Math.floor(inside.west / s); i <= Math.ceil(inside.east / s); i += 1) {
      for (let j = Math.floor(inside.south / s); j <= Math.ceil(inside.north / s); j += 1) {
        const [lon, lat] = [i * s, j * s];
        if (kmBetween(lat, lon, town.latitude, town.longitude) > town.radiusKm) continue;
        layers.transportation.push(feature({ type: 'LineString', coordinates: [[lon, lat], [lon + s, lat]] }, { class: 'minor', oneway: 0 }));
        layers.transportation.push(feature({ type: 'LineString', coordinates: [[lon, lat], [lon, lat + s]] }, { class: 'minor', oneway: 0 }));
        if (z >= 14) {
          layers.transportation_name.push(feature({ type: 'LineString', coordinates: [[lon, lat], [lon + s, lat]] }, { class: 'minor', name: `${j % 100}th Street` }));
          // Houses along the block, each a little different, with its number; a shop or two.
          for (let k = 0; k < HOUSES_PER_BLOCK; k += 1) {
            const jitter = noise(i * 7 + k, j, 5);
            const [hx, hy] = [lon + s * (0.06 + (0.88 * k) / HOUSES_PER_BLOCK), lat + s * (k % 2 === 0 ? 0.1 + 0.05 * jitter : 0.62 + 0.05 * jitter)];
            const [w, h] = [s * (0.05 + 0.03 * jitter), s * (0.12 + 0.1 * noise(i, j * 13 + k, 6))];
            layers.building.push(feature({ type: 'Polygon', coordinates: [[[hx, hy], [hx + w, hy + h * 0.05], [hx + w, hy + h], [hx + w * 0.4, hy + h * 1.1], [hx, hy + h], [hx, hy]]] }, { render_height: 4 + Math.round(jitter * 8), render_min_height: 0, colour: '#d6cfc4' }));
            layers.housenumber.push(feature({ type: 'Point', coordinates: [hx + w / 2, hy + h / 2] }, { housenumber: String(100 + ((i * 31 + j * 7 + k) % 900)) }));
          }
          if (noise(i, j, 9) < 0.3) layers.poi.push(feature({ type: 'Point', coordinates: [lon + s / 2, lat + s / 2] }, { class: 'shop', subclass: 'convenience', name: `Corner Shop ${i % 100}-${j % 100}`, name_en: `Corner Shop ${i % 100}-${j % 100}`, rank: 20 }));
        }
      }
    }
  }
}

/** The tile z/x/y of the synthetic world around `towns`, as Mapbox Vector Tile bytes (uncompressed). */
export function syntheticTile(z: number, x: number, y: number, townList: readonly StandInTown[]): Uint8Array {
  const bounds = tileBounds(z, x, y);
  const layers: Record<string, Feature[]> = { water: [], waterway: [], landcover: [], landuse: [], transportation: [], transportation_name: [], building: [], housenumber: [], poi: [], place: [] };
  nature(bounds, z, layers);
  roads(bounds, z, layers);
  towns(bounds, z, townList, layers);
  const tiles: Record<string, ReturnType<typeof geoJSONToTile>> = {};
  for (const [name, features] of Object.entries(layers)) {
    if (features.length === 0) continue;
    const collection: FeatureCollection = { type: 'FeatureCollection', features };
    const tile = geoJSONToTile(collection, z, x, y, { extent: EXTENT, buffer: 64, tolerance: 3, clip: true });
    if (tile && tile.features.length > 0) tiles[name] = tile;
  }
  return fromGeojsonVt(tiles, { version: 2, extent: EXTENT });
}

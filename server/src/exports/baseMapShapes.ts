/**
 * The shapes under the PDF's route picture, from the same atlases as the app's embedded base map: land and its
 * coasts and country borders from Natural Earth (world-atlas, 1:10m, finer than the app's 1:110m since a page
 * shows one region up close), US state borders from the US Census Bureau (us-atlas). Read and converted from
 * TopoJSON once per thread, on the first PDF, then kept.
 */
import { createRequire } from 'node:module';
import type { Position } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** A line or ring as [longitude, latitude] positions, with its extent to skip it when it lies off the picture. */
export interface Shape {
  positions: Position[];
  /** [west, south, east, north] */
  extent: [number, number, number, number];
}

export interface BaseMapShapes {
  /** Each land polygon as its rings (outer first, then holes: lakes and inland seas). */
  land: Shape[][];
  countryBorders: Shape[];
  stateBorders: Shape[];
}

const load = createRequire(import.meta.url);

function shape(positions: Position[]): Shape {
  const longitudes = positions.map((position) => position[0]);
  const latitudes = positions.map((position) => position[1]);
  return { positions, extent: [Math.min(...longitudes), Math.min(...latitudes), Math.max(...longitudes), Math.max(...latitudes)] };
}

/** Borders are the arcs two areas share: each drawn once, and coasts (an area's outer edge) left to the land. */
const shared = (a: unknown, b: unknown) => a !== b;

function read(): BaseMapShapes {
  const world = load('world-atlas/countries-10m.json') as Topology<{ countries: GeometryCollection; land: GeometryCollection }>;
  const us = load('us-atlas/states-10m.json') as Topology<{ states: GeometryCollection }>;
  const land = feature(world, world.objects.land).features.flatMap(({ geometry }) => {
    if (geometry.type === 'Polygon') return [geometry.coordinates];
    return geometry.type === 'MultiPolygon' ? geometry.coordinates : [];
  });
  return {
    land: land.map((rings) => rings.map(shape)),
    countryBorders: mesh(world, world.objects.countries, shared).coordinates.map(shape),
    stateBorders: mesh(us, us.objects.states, shared).coordinates.map(shape),
  };
}

let shapes: BaseMapShapes | null = null;

export function baseMapShapes(): BaseMapShapes {
  shapes ??= read();
  return shapes;
}

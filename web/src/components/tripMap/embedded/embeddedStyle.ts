/**
 * The embedded base map (docs/product.md#map): land, coasts, country borders and US state borders from Natural Earth
 * (world-atlas, 1:110m) and the US Census Bureau (us-atlas), converted from TopoJSON into GeoJSON sources of
 * a MapLibre style. It needs no network, so the map always shows where things are: drawn when remote tiles
 * are turned off or cannot load, in light or dark colours to match the page. This module and its data are a chunk
 * of their own, loaded only by the map.
 */
import type { GeometryCollection, Topology } from 'topojson-specification';
import { feature, mesh } from 'topojson-client';
import type { StyleSpecification } from 'maplibre-gl';
import type { ColourScheme } from '../useColourScheme.ts';
import countries110m from 'world-atlas/countries-110m.json';
import states10m from 'us-atlas/states-10m.json';

export const EMBEDDED_SOURCES = { land: 'embedded-land', countries: 'embedded-countries', states: 'embedded-states' } as const;

export const EMBEDDED_COLOURS = {
  light: { water: '#cfe2ea', land: '#f4f1e8', coast: '#8fb1c0', countryBorder: '#8c8590', stateBorder: '#b9b1bb' },
  // Land is the dark page's map background (--map-bg), water a shade darker; borders stay visible, not bright.
  dark: { water: '#17232a', land: '#2a3238', coast: '#4f7080', countryBorder: '#8a8494', stateBorder: '#5c5866' },
} as const satisfies Record<ColourScheme, Record<string, string>>;

const NATURAL_EARTH = '<a href="https://www.naturalearthdata.com/">Natural Earth</a>';
const US_CENSUS = '<a href="https://www.census.gov/geographies/mapping-files.html">US Census Bureau</a>';

type WorldObjects = { countries: GeometryCollection; land: GeometryCollection };
type UsObjects = { states: GeometryCollection; nation: GeometryCollection };

/** Borders are the arcs two areas share: each drawn once, and coasts (an area's outer edge) left to the land. */
const shared = (a: unknown, b: unknown) => a !== b;

/** The style for the given atlases (tests give the same files; the map gives the bundled ones). */
export function buildEmbeddedStyle(world: Topology<WorldObjects>, us: Topology<UsObjects>, scheme: ColourScheme): StyleSpecification {
  const colours = EMBEDDED_COLOURS[scheme];
  return {
    version: 8,
    sources: {
      [EMBEDDED_SOURCES.land]: { type: 'geojson', data: feature(world, world.objects.land), attribution: NATURAL_EARTH },
      [EMBEDDED_SOURCES.countries]: { type: 'geojson', data: mesh(world, world.objects.countries, shared) },
      [EMBEDDED_SOURCES.states]: { type: 'geojson', data: mesh(us, us.objects.states, shared), attribution: US_CENSUS },
    },
    layers: [
      { id: 'embedded-water', type: 'background', paint: { 'background-color': colours.water } },
      { id: 'embedded-land', type: 'fill', source: EMBEDDED_SOURCES.land, paint: { 'fill-color': colours.land } },
      { id: 'embedded-coast', type: 'line', source: EMBEDDED_SOURCES.land, paint: { 'line-color': colours.coast, 'line-width': 0.8 } },
      {
        id: 'embedded-states',
        type: 'line',
        source: EMBEDDED_SOURCES.states,
        paint: { 'line-color': colours.stateBorder, 'line-width': 0.6, 'line-dasharray': [3, 2] },
      },
      {
        id: 'embedded-countries',
        type: 'line',
        source: EMBEDDED_SOURCES.countries,
        paint: { 'line-color': colours.countryBorder, 'line-width': 1 },
      },
    ],
  };
}

const built = new Map<ColourScheme, StyleSpecification>();

/** The bundled atlases' style in the scheme's colours, built once per page (the conversion takes a few milliseconds). */
export function embeddedMapStyle(scheme: ColourScheme): StyleSpecification {
  if (!built.has(scheme)) {
    built.set(scheme, buildEmbeddedStyle(countries110m as unknown as Topology<WorldObjects>, states10m as unknown as Topology<UsObjects>, scheme));
  }
  return built.get(scheme)!;
}

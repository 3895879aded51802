import { describe, expect, it } from 'vitest';
import type { FeatureCollection, MultiLineString } from 'geojson';
import { DEFAULT_MAP_STYLE_URL, EMBEDDED_MAP_STYLE } from '@caravan/shared';
import { embeddedMapStyle, EMBEDDED_SOURCES } from './embedded/embeddedStyle.ts';
import { baseMapChoice, isOwnSource } from './mapStyle.ts';

describe('the base map choice', () => {
  it('is OpenFreeMap by default, the configured style, Mapbox streets with a token, or the embedded map with tiles off', () => {
    expect(baseMapChoice({ mapStyleUrl: null, mapboxToken: null })).toEqual({ kind: 'remote', url: DEFAULT_MAP_STYLE_URL });
    expect(baseMapChoice({ mapStyleUrl: 'https://tiles.example.com/style.json', mapboxToken: 'pk.x' })).toEqual({
      kind: 'remote',
      url: 'https://tiles.example.com/style.json',
    });
    expect(baseMapChoice({ mapStyleUrl: null, mapboxToken: 'pk.x' })).toEqual({ kind: 'remote', url: 'mapbox://styles/mapbox/streets-v12' });
    expect(baseMapChoice({ mapStyleUrl: EMBEDDED_MAP_STYLE, mapboxToken: null })).toEqual({ kind: 'embedded' });
    expect(isOwnSource('trip-route')).toBe(true);
    expect(isOwnSource('openmaptiles')).toBe(false);
  });
});

describe('the embedded base map', () => {
  const style = embeddedMapStyle();
  const data = (id: string) => (style.sources[id] as { data: FeatureCollection | MultiLineString }).data;

  it('has land polygons, country borders and US state borders as GeoJSON, with attribution', () => {
    const land = data(EMBEDDED_SOURCES.land) as FeatureCollection;
    expect(land.features.length).toBeGreaterThan(0);
    expect(land.features.every((feature) => ['Polygon', 'MultiPolygon'].includes(feature.geometry.type))).toBe(true);
    const countries = data(EMBEDDED_SOURCES.countries) as MultiLineString;
    const states = data(EMBEDDED_SOURCES.states) as MultiLineString;
    expect(countries.type).toBe('MultiLineString');
    expect(countries.coordinates.length).toBeGreaterThan(100);
    // Borders between states lie within the contiguous US, Alaska and Hawaii.
    expect(states.coordinates.length).toBeGreaterThan(40);
    expect(states.coordinates.flat().every(([longitude, latitude]) => longitude < -60 && latitude > 15)).toBe(true);
    expect(JSON.stringify(style.sources)).toContain('Natural Earth');
  });

  it('draws water under land, then coasts, state and country borders, from its own sources only', () => {
    expect(style.layers.map((layer) => layer.type)).toEqual(['background', 'fill', 'line', 'line', 'line']);
    const sources = style.layers.flatMap((layer) => ('source' in layer ? [layer.source] : []));
    expect(sources.every((source) => Object.values(EMBEDDED_SOURCES).includes(source as never))).toBe(true);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
  });
});

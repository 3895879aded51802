import { describe, expect, it } from 'vitest';
import type { FeatureCollection, MultiLineString } from 'geojson';
import { DEFAULT_DARK_MAP_STYLE_URL, DEFAULT_MAP_STYLE_URL, EMBEDDED_MAP_STYLE, type TClientConfigResponse } from '@caravan/shared';
import { embeddedMapStyle, EMBEDDED_COLOURS, EMBEDDED_SOURCES } from './embedded/embeddedStyle.ts';
import { baseMapChoice, isOwnSource } from './mapStyle.ts';

const config = (set: Partial<TClientConfigResponse>): TClientConfigResponse => ({
  mapStyleUrl: null,
  mapStyleUrlDark: null,
  mapboxToken: null,
  providers: { locations: 'offline', roads: 'estimate', pois: 'offline', exchangeRates: 'none' },
  attribution: [],
  ...set,
});

describe('the base map choice', () => {
  it('is OpenFreeMap by default, the configured style, Mapbox streets with a token, or the embedded map with tiles off', () => {
    expect(baseMapChoice(config({}), 'light')).toEqual({ kind: 'remote', url: DEFAULT_MAP_STYLE_URL });
    expect(baseMapChoice(config({ mapStyleUrl: 'https://tiles.example.com/style.json', mapboxToken: 'pk.x' }), 'light')).toEqual({
      kind: 'remote',
      url: 'https://tiles.example.com/style.json',
    });
    expect(baseMapChoice(config({ mapboxToken: 'pk.x' }), 'light')).toEqual({ kind: 'remote', url: 'mapbox://styles/mapbox/streets-v12' });
    expect(baseMapChoice(config({ mapStyleUrl: EMBEDDED_MAP_STYLE }), 'light')).toEqual({ kind: 'embedded' });
    expect(isOwnSource('trip-route')).toBe(true);
    expect(isOwnSource('openmaptiles')).toBe(false);
  });

  it("is each one's dark variant in a dark theme; a configured style without one stays, the embedded map stays embedded", () => {
    expect(baseMapChoice(config({}), 'dark')).toEqual({ kind: 'remote', url: DEFAULT_DARK_MAP_STYLE_URL });
    expect(baseMapChoice(config({ mapboxToken: 'pk.x' }), 'dark')).toEqual({ kind: 'remote', url: 'mapbox://styles/mapbox/dark-v11' });
    const own = { mapStyleUrl: 'https://tiles.example.com/style.json' };
    expect(baseMapChoice(config(own), 'dark')).toEqual({ kind: 'remote', url: own.mapStyleUrl });
    expect(baseMapChoice(config({ ...own, mapStyleUrlDark: 'https://tiles.example.com/dark.json' }), 'dark')).toEqual({
      kind: 'remote',
      url: 'https://tiles.example.com/dark.json',
    });
    expect(baseMapChoice(config({ ...own, mapStyleUrlDark: 'https://tiles.example.com/dark.json' }), 'light')).toEqual({ kind: 'remote', url: own.mapStyleUrl });
    expect(baseMapChoice(config({ mapStyleUrl: EMBEDDED_MAP_STYLE, mapStyleUrlDark: 'https://x.example/dark.json' }), 'dark')).toEqual({ kind: 'embedded' });
  });
});

describe('the embedded base map', () => {
  const style = embeddedMapStyle('light');
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

describe('the embedded base map in a dark theme', () => {
  it('has the same sources and layers, in dark colours: land and water darker than the light theme\'s', () => {
    const [light, dark] = [embeddedMapStyle('light'), embeddedMapStyle('dark')];
    expect(Object.keys(dark.sources)).toEqual(Object.keys(light.sources));
    expect(dark.layers.map((layer) => layer.id)).toEqual(light.layers.map((layer) => layer.id));
    const paint = (style: typeof light, id: string) => JSON.stringify(style.layers.find((layer) => layer.id === id)!.paint);
    expect(paint(dark, 'embedded-water')).toContain(EMBEDDED_COLOURS.dark.water);
    expect(paint(dark, 'embedded-land')).toContain(EMBEDDED_COLOURS.dark.land);
    // Relative luminance, roughly: dark land and water are far darker than light ones.
    const lightness = (hex: string) => [1, 3, 5].reduce((sum, start) => sum + parseInt(hex.slice(start, start + 2), 16), 0) / 3;
    for (const key of ['water', 'land'] as const) expect(lightness(EMBEDDED_COLOURS.dark[key])).toBeLessThan(lightness(EMBEDDED_COLOURS.light[key]) / 3);
  });
});

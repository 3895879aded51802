import { describe, expect, it } from 'vitest';
import { GLYPH_RANGES, glyphUrls, spriteUrls, styleFontStacks, styleSources, tileSourceOf } from './styleResources.ts';

const STYLE_URL = 'https://tiles.example/styles/liberty';

/** The parts of OpenFreeMap's Liberty style a pack reads: a vector source by TileJSON, a raster one in place, labels. */
const liberty = {
  version: 8,
  sprite: 'https://tiles.example/sprites/ofm_f384/ofm',
  glyphs: 'https://tiles.example/fonts/{fontstack}/{range}.pbf',
  sources: {
    openmaptiles: { type: 'vector', url: 'https://tiles.example/planet' },
    ne2_shaded: { type: 'raster', tiles: ['/natural_earth/{z}/{x}/{y}.png'], maxzoom: 6, tileSize: 256 },
    trip: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
  },
  layers: [
    { id: 'background', type: 'background' },
    { id: 'road_label', type: 'symbol', source: 'openmaptiles', layout: { 'text-field': '{name}', 'text-font': ['Noto Sans Regular'] } },
    { id: 'place_city', type: 'symbol', source: 'openmaptiles', layout: { 'text-field': '{name}', 'text-font': ['step', ['zoom'], ['literal', ['Noto Sans Regular']], 8, ['literal', ['Noto Sans Bold']]] } },
    { id: 'poi', type: 'symbol', source: 'openmaptiles', layout: { 'text-field': '{name}' } },
    { id: 'icons', type: 'symbol', source: 'openmaptiles', layout: { 'icon-image': 'dot', 'text-font': ['Noto Sans Italic'] } },
  ],
};

describe("a style's files for an offline pack", () => {
  it('names its tiled sources: by TileJSON, or in place with addresses made absolute; GeoJSON needs nothing', () => {
    expect(styleSources(liberty, STYLE_URL)).toEqual([
      { id: 'openmaptiles', tileJsonUrl: 'https://tiles.example/planet' },
      { id: 'ne2_shaded', tiles: { templates: ['https://tiles.example/natural_earth/{z}/{x}/{y}.png'], scheme: 'xyz', minzoom: 0, maxzoom: 6 } },
    ]);
  });

  it("reads a TileJSON's templates, scheme and zooms", () => {
    const tileJson = { tiles: ['https://tiles.example/planet/20251201/{z}/{x}/{y}.pbf'], minzoom: 0, maxzoom: 14 };
    expect(tileSourceOf(tileJson, 'https://tiles.example/planet')).toEqual({
      templates: ['https://tiles.example/planet/20251201/{z}/{x}/{y}.pbf'],
      scheme: 'xyz',
      minzoom: 0,
      maxzoom: 14,
    });
    expect(tileSourceOf({ tiles: [] }, STYLE_URL)).toBeNull();
  });

  it('lists the sprite at both pixel ratios, image and index', () => {
    expect(spriteUrls(liberty, STYLE_URL)).toEqual(['.json', '.png', '@2x.json', '@2x.png'].map((end) => `https://tiles.example/sprites/ofm_f384/ofm${end}`));
    expect(spriteUrls({ ...liberty, sprite: [{ id: 'a', url: '/s/a' }] }, STYLE_URL)[0]).toBe('https://tiles.example/s/a.json');
    expect(spriteUrls({ ...liberty, sprite: undefined }, STYLE_URL)).toEqual([]);
  });

  it("finds the font stacks of labels, inside expressions too, MapLibre's default for a label naming none, none for icons alone", () => {
    expect(styleFontStacks(liberty)).toEqual(['Noto Sans Bold', 'Noto Sans Regular', 'Open Sans Regular,Arial Unicode MS Regular']);
  });

  it('asks the Latin glyph ranges of each stack, at the address MapLibre will ask', () => {
    const urls = glyphUrls(liberty, STYLE_URL);
    expect(urls).toHaveLength(3 * GLYPH_RANGES.length);
    expect(urls).toContain('https://tiles.example/fonts/Noto%20Sans%20Regular/0-255.pbf');
    expect(urls).toContain('https://tiles.example/fonts/Noto%20Sans%20Bold/8192-8447.pbf');
    expect(new Request('https://tiles.example/fonts/Noto Sans Regular/0-255.pbf').url).toBe(urls.find((url) => url.includes('Regular/0-255')));
  });
});

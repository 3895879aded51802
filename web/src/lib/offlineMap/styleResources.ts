/**
 * What a MapLibre style needs besides its tiles, read from the style JSON alone: the sources that have tiles (their
 * TileJSON address, or the tile templates written in the style), the sprite files, and the glyph files of the fonts
 * its labels use. Glyphs come in ranges of 256 code points per font stack; the pack keeps the ranges Latin text
 * uses (GLYPH_RANGES), so the names of a road trip in the Americas or Europe draw offline, not every script.
 */
import type { TileSource } from './tileRuns.ts';

/**
 * Basic Latin with Latin-1 (0–255: English, French, Spanish, German…), Latin Extended-A and most of B
 * (256–511: Polish, Czech, Turkish, Romanian…) and General Punctuation (8192–8447: dashes, curly quotes, the
 * ellipsis, which place names and route numbers use).
 */
export const GLYPH_RANGES = ['0-255', '256-511', '8192-8447'] as const;

/** MapLibre's font stack for a label layer that names none. */
const DEFAULT_FONTS = ['Open Sans Regular', 'Arial Unicode MS Regular'];

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A source of the style whose tiles a pack keeps: its TileJSON's address, or its tiles given in place. */
export type StyleSource = { id: string; tileJsonUrl: string } | { id: string; tiles: TileSource };

/** An address in the style, read relative to the style's own address; a template keeps its `{z}`-like places. */
export const resolveUrl = (url: string, base: string): string => new URL(url, base).href.replace(/%7B/gi, '{').replace(/%7D/gi, '}');

/** A TileJSON (or a source in place)'s tiles: its templates made absolute, its scheme and zooms (0–22 by default). */
export function tileSourceOf(json: Json, base: string): TileSource | null {
  const tiles = Array.isArray(json.tiles) ? json.tiles.filter((tile): tile is string => typeof tile === 'string') : [];
  if (tiles.length === 0) return null;
  const zoom = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
  return {
    templates: tiles.map((tile) => resolveUrl(tile, base)),
    scheme: json.scheme === 'tms' ? 'tms' : 'xyz',
    minzoom: zoom(json.minzoom, 0),
    maxzoom: zoom(json.maxzoom, 22),
  };
}

const TILED = new Set(['vector', 'raster', 'raster-dem']);

/** The style's tiled sources (vector, raster, raster-dem); GeoJSON and images need nothing more. */
export function styleSources(style: Json, styleUrl: string): StyleSource[] {
  const sources = isObject(style.sources) ? style.sources : {};
  return Object.entries(sources).flatMap(([id, source]): StyleSource[] => {
    if (!isObject(source) || !TILED.has(String(source.type))) return [];
    if (typeof source.url === 'string') return [{ id, tileJsonUrl: resolveUrl(source.url, styleUrl) }];
    const tiles = tileSourceOf(source, styleUrl);
    return tiles ? [{ id, tiles }] : [];
  });
}

/** The sprite's four files (1x and 2x, image and index) for each sprite the style names. */
export function spriteUrls(style: Json, styleUrl: string): string[] {
  const sprites =
    typeof style.sprite === 'string'
      ? [style.sprite]
      : Array.isArray(style.sprite)
        ? style.sprite.flatMap((sprite) => (isObject(sprite) && typeof sprite.url === 'string' ? [sprite.url] : []))
        : [];
  return sprites.flatMap((sprite) => {
    const base = resolveUrl(sprite, styleUrl);
    return ['.json', '.png', '@2x.json', '@2x.png'].map((suffix) => base + suffix);
  });
}

/**
 * Font stacks named in a `text-font` value: a plain list of names, or the `literal` lists inside an expression
 * (the expression's own operators and arguments, like `["zoom"]`, are not fonts).
 */
function fontStacksIn(value: unknown, found: Set<string>): void {
  if (!Array.isArray(value)) return;
  const plainList = value.length > 0 && value.every((item) => typeof item === 'string');
  if (plainList) found.add(value.join(','));
  else literalStacksIn(value, found);
}

function literalStacksIn(expression: unknown[], found: Set<string>): void {
  if (expression[0] === 'literal' && Array.isArray(expression[1])) return fontStacksIn(expression[1], found);
  for (const item of expression) if (Array.isArray(item)) literalStacksIn(item, found);
}

/** The font stacks the style's label layers draw with, as MapLibre names them in glyph addresses. */
export function styleFontStacks(style: Json): string[] {
  const found = new Set<string>();
  const layers = Array.isArray(style.layers) ? style.layers : [];
  for (const layer of layers) {
    if (!isObject(layer) || layer.type !== 'symbol') continue;
    const layout = isObject(layer.layout) ? layer.layout : {};
    if (layout['text-field'] === undefined) continue;
    if (layout['text-font'] === undefined) found.add(DEFAULT_FONTS.join(','));
    else fontStacksIn(layout['text-font'], found);
  }
  return [...found].sort();
}

/** The glyph files of every font stack the style uses, for the Latin ranges. */
export function glyphUrls(style: Json, styleUrl: string): string[] {
  if (typeof style.glyphs !== 'string') return [];
  const template = style.glyphs;
  return styleFontStacks(style).flatMap((stack) =>
    // MapLibre puts the stack in the address as it is; the request encodes it, the same for the pack and the map.
    GLYPH_RANGES.map((range) => resolveUrl(template.replace('{fontstack}', stack).replace('{range}', range), styleUrl)),
  );
}

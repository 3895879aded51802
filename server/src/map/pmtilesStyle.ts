/**
 * The base map's style when the server serves the tiles (MAP_PMTILES_URL): the style MAP_STYLE_URL names (or
 * OpenFreeMap's, the page's default) as that host serves it, with each vector source pointed at the server's own
 * TileJSON; its glyphs and sprite stay where the style says. Fetched once and kept an hour. With PROVIDERS=offline
 * and no MAP_STYLE_URL nothing public is asked: a plain style of the OpenMapTiles layers (fills and lines, no
 * labels, so no glyphs) stands in.
 */
import { DEFAULT_MAP_STYLE_URL, EMBEDDED_MAP_STYLE, messages } from '@caravan/shared';
import { AppError, type Config } from '@caravan/engine';
import { MAP_TILES_PATH } from './pmtilesArchive.ts';

const KEEP_MS = 60 * 60 * 1000;
const FETCH_TIMEOUT_MS = 10_000;

type Style = { sources?: Record<string, { type?: string }>; [key: string]: unknown };

/** A style of the OpenMapTiles layers with no text: what an offline server draws its archive with. */
function plainStyle(): Style {
  const source = 'openmaptiles';
  const fill = (id: string, colour: string) => ({ id, type: 'fill', source, 'source-layer': id, paint: { 'fill-color': colour } });
  return {
    version: 8,
    name: 'Plain',
    sources: { [source]: { type: 'vector' } },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#f8f4f0' } },
      fill('landcover', '#d8e8c8'),
      fill('landuse', '#e0dfdf'),
      fill('water', '#aad3df'),
      { id: 'waterway', type: 'line', source, 'source-layer': 'waterway', paint: { 'line-color': '#aad3df' } },
      { ...fill('building', '#d9d0c9'), minzoom: 13 },
      { id: 'transportation', type: 'line', source, 'source-layer': 'transportation', paint: { 'line-color': '#ffffff', 'line-width': ['interpolate', ['linear'], ['zoom'], 5, 0.5, 16, 8] } },
    ],
  };
}

export function pmtilesStyle(config: Pick<Config, 'mapStyleUrl' | 'providers'>, userAgent: string) {
  const own = config.mapStyleUrl && config.mapStyleUrl !== EMBEDDED_MAP_STYLE ? config.mapStyleUrl : undefined;
  const base = own ?? (config.providers === 'offline' ? undefined : DEFAULT_MAP_STYLE_URL);
  let kept: { style: Style; at: number } | undefined;

  async function baseStyle(): Promise<Style> {
    if (!base) return plainStyle();
    if (kept && Date.now() - kept.at < KEEP_MS) return kept.style;
    let style: Style;
    try {
      const answer = await fetch(base, { headers: { 'user-agent': userAgent, accept: 'application/json' }, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      if (!answer.ok) throw new Error(`${answer.status}`);
      style = (await answer.json()) as Style;
      if (typeof style !== 'object' || style === null || typeof style.sources !== 'object') throw new Error('not a style');
    } catch {
      if (kept) return kept.style;
      throw new AppError('unavailable', messages.baseMap.styleUnavailable);
    }
    kept = { style, at: Date.now() };
    return style;
  }

  /** The style with every vector source read from the server's TileJSON. */
  return async function style(origin: string): Promise<Style> {
    const style = await baseStyle();
    const sources = Object.fromEntries(
      Object.entries(style.sources ?? {}).map(([name, source]) => [name, source?.type === 'vector' ? { type: 'vector', url: `${origin}${MAP_TILES_PATH}.json` } : source]),
    );
    return { ...style, sources };
  };
}

/**
 * The stand-in's style and TileJSON, shaped as OpenFreeMap's are (https://tiles.openfreemap.org/styles/liberty): one
 * vector source `openmaptiles` whose `url` is a TileJSON listing `{z}/{x}/{y}.pbf` tiles, `glyphs` and `sprite` on the
 * same host, and layers over the OpenMapTiles schema's source layers.
 */

export const STAND_IN_FONT = 'Noto Sans Regular';
export const SOURCE_LAYERS = ['water', 'waterway', 'landcover', 'landuse', 'transportation', 'transportation_name', 'building', 'housenumber', 'poi', 'place'];

const ROAD_COLOURS: Record<string, string> = { motorway: '#e892a2', primary: '#fcd6a4', secondary: '#f7fabf', tertiary: '#ffffff', minor: '#ffffff', track: '#c8b99a' };

export function standInStyle(origin: string): object {
  const source = 'openmaptiles';
  return {
    version: 8,
    name: 'Liberty (stand-in)',
    sources: { [source]: { type: 'vector', url: `${origin}/planet` } },
    glyphs: `${origin}/fonts/{fontstack}/{range}.pbf`,
    sprite: `${origin}/sprites/ofm_f384/ofm`,
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#f8f4f0' } },
      { id: 'landcover', type: 'fill', source, 'source-layer': 'landcover', paint: { 'fill-color': ['match', ['get', 'class'], 'wood', '#add19e', '#d8e8c8'] } },
      { id: 'landuse', type: 'fill', source, 'source-layer': 'landuse', paint: { 'fill-color': '#e0dfdf' } },
      { id: 'water', type: 'fill', source, 'source-layer': 'water', paint: { 'fill-color': '#aad3df' } },
      { id: 'waterway', type: 'line', source, 'source-layer': 'waterway', paint: { 'line-color': '#aad3df', 'line-width': 1.5 } },
      { id: 'building', type: 'fill', source, 'source-layer': 'building', minzoom: 13, paint: { 'fill-color': '#d9d0c9', 'fill-outline-color': '#b9a99b' } },
      {
        id: 'road',
        type: 'line',
        source,
        'source-layer': 'transportation',
        paint: {
          'line-color': ['match', ['get', 'class'], ...Object.entries(ROAD_COLOURS).flat(), '#ffffff'],
          'line-width': ['interpolate', ['linear'], ['zoom'], 5, 0.5, 14, 4, 16, 10],
        },
      },
      { id: 'road_name', type: 'symbol', source, 'source-layer': 'transportation_name', layout: { 'text-field': ['get', 'name'], 'text-font': [STAND_IN_FONT], 'symbol-placement': 'line', 'text-size': 11 } },
      { id: 'housenumber', type: 'symbol', source, 'source-layer': 'housenumber', minzoom: 17, layout: { 'text-field': ['get', 'housenumber'], 'text-font': [STAND_IN_FONT], 'text-size': 9 } },
      { id: 'poi', type: 'symbol', source, 'source-layer': 'poi', minzoom: 15, layout: { 'icon-image': 'shop', 'text-field': ['get', 'name'], 'text-font': [STAND_IN_FONT], 'text-size': 10, 'text-offset': [0, 1.2] } },
      { id: 'place', type: 'symbol', source, 'source-layer': 'place', layout: { 'text-field': ['get', 'name'], 'text-font': [STAND_IN_FONT], 'text-size': 14 } },
    ],
  };
}

export function standInTileJson(origin: string, maxZoom: number): object {
  return {
    tilejson: '3.0.0',
    name: 'OpenMapTiles (stand-in)',
    attribution: '<a href="https://openfreemap.org" target="_blank">OpenFreeMap</a> stand-in',
    tiles: [`${origin}/planet/stand-in/{z}/{x}/{y}.pbf`],
    minzoom: 0,
    maxzoom: maxZoom,
    bounds: [-180, -85.0511, 180, 85.0511],
    vector_layers: SOURCE_LAYERS.map((id) => ({ id, fields: {} })),
  };
}

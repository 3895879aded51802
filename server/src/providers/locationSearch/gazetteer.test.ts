import { describe, expect, it } from 'vitest';
import { LOCATION_SEARCH_MAX_RESULTS } from '@caravan/shared';
import { createGazetteerSearch, loadGazetteer, normaliseName, searchGazetteer } from './gazetteer.ts';

const index = loadGazetteer();
const search = (query: string) => searchGazetteer(index, query);
const addresses = (query: string) => search(query).map((result) => result.address);

describe('gazetteer location search', () => {
  it('puts the most populous exact match first: "paris" is Paris, France', () => {
    const [first, ...rest] = search('paris');
    expect(first).toEqual({ id: 'geonames:2988507', name: 'Paris', address: 'Paris, France', latitude: 48.85341, longitude: 2.3488 });
    expect(rest.map((result) => result.name).slice(0, 5)).toEqual(['Paris', 'Paris', 'Paris', 'Paris', 'Paris']);
    expect(rest[0].address).toBe('Paris, TX, United States');
  });

  it('reads trailing words as the state or country', () => {
    const portland = { id: 'geonames:5746545', name: 'Portland', address: 'Portland, OR, United States', latitude: 45.52345, longitude: -122.67621 };
    expect(search('portland, or')[0]).toEqual(portland);
    expect(search('Portland Oregon')[0]).toEqual(portland);
    expect(search('portland, oreg')[0]).toEqual(portland);
    expect(search('portland, or, usa')[0]).toEqual(portland);
    expect(addresses('portland me')[0]).toBe('Portland, ME, United States');
    expect(addresses('paris tx')).toEqual(['Paris, TX, United States']);
    expect(addresses('paris france')[0]).toBe('Paris, France');
    expect(addresses('london, uk')[0]).toBe('London, United Kingdom');
    expect(addresses('london canada')[0]).toBe('London, Canada');
  });

  it('prefers the whole query as a name before reading a region into it', () => {
    expect(addresses('new york')[0]).toBe('New York City, NY, United States');
    expect(addresses('new y')[0]).toBe('New York City, NY, United States');
  });

  it('ranks a name prefix above a later word and a later word above a substring', () => {
    const results = addresses('york');
    expect(results[0]).toBe('York, United Kingdom');
    const newYork = addresses('new york');
    expect(newYork.indexOf('New York Mills, NY, United States')).toBeLessThan(newYork.indexOf('West New York, NJ, United States'));
    expect(addresses('ortland')[0]).toBe('Portland, OR, United States');
  });

  it('ignores accents, case and punctuation in both directions', () => {
    expect(addresses('zurich')[0]).toBe('Zürich, Switzerland');
    expect(addresses('ZÜRICH')[0]).toBe('Zürich, Switzerland');
    expect(addresses('sao paulo')[0]).toBe('São Paulo, Brazil');
    expect(addresses('mazar-e-sharif')[0]).toBe('Mazār-e Sharīf, Afghanistan');
    expect(normaliseName('  Qal‘ah-ye  Now ')).toBe('qalah ye now');
  });

  it('finds "St." places as "Saint" and the other way round', () => {
    expect(addresses('saint louis')[0]).toBe('St. Louis, MO, United States');
    expect(addresses('st louis')[0]).toBe('St. Louis, MO, United States');
  });

  it('finds nothing for nonsense', () => {
    expect(search('xqzzvyqk')).toEqual([]);
    expect(search('   ,,, ')).toEqual([]);
  });

  it('returns at most 10 results, each place and address once', () => {
    for (const query of ['s', 'san', 'portland', 'new', 'la']) {
      const results = search(query);
      expect(results).toHaveLength(LOCATION_SEARCH_MAX_RESULTS);
      expect(new Set(results.map((result) => result.id)).size).toBe(results.length);
      expect(new Set(results.map((result) => result.address)).size).toBe(results.length);
    }
  });

  describe('near a trip', () => {
    // A West Coast trip: Seattle, Portland, San Francisco.
    const westCoast = [
      { latitude: 47.6062, longitude: -122.3321 },
      { latitude: 45.5152, longitude: -122.6784 },
      { latitude: 37.7749, longitude: -122.4194 },
    ];
    const nearAddresses = (query: string) => searchGazetteer(index, query, { near: westCoast }).map((result) => result.address);

    it.each([
      ['Fort Bragg', 'Fort Bragg, NC, United States', 'Fort Bragg, CA, United States'],
      ['Bandon', 'Bandon, Ireland', 'Bandon, OR, United States'],
      ['Astoria', 'Astoria, NY, United States', 'Astoria, OR, United States'],
      ['Springfield', 'Springfield, MO, United States', 'Springfield, OR, United States'],
    ])('"%s" is %s alone and %s from a West Coast trip', (query, alone, nearTrip) => {
      expect(addresses(query)[0]).toBe(alone);
      expect(nearAddresses(query)[0]).toBe(nearTrip);
    });

    it('still ranks a match of a better kind first, and a big city far away above a hamlet of the same name nearby', () => {
      // "san" as a whole name (San, Mali) beats every name it only begins.
      expect(nearAddresses('san')[0]).toBe('San, Mali');
      expect(nearAddresses('san').slice(1, 3)).toEqual(['San Francisco, CA, United States', 'San Jose, CA, United States']);
      expect(nearAddresses('paris')[0]).toBe('Paris, France');
    });

    it('keeps today\'s order with no points', () => {
      expect(searchGazetteer(index, 'astoria', { near: [] })).toEqual(search('astoria'));
    });
  });

  describe('small towns (GeoNames cities500: places of 500+ people)', () => {
    it.each([
      ['mendocino', 'Mendocino, CA, United States', 39.3075, -123.79889],
      ['bandon, or', 'Bandon, OR, United States', 43.119, -124.40845],
      ['yachats', 'Yachats, OR, United States', 44.31123, -124.10484],
      ['hallstatt', 'Hallstatt, Austria', 47.56231, 13.64912],
      ['rocamadour', 'Rocamadour, France', 44.80047, 1.61898],
      ['tadoussac', 'Tadoussac, Canada', 48.15001, -69.71667],
      ['port campbell', 'Port Campbell, Australia', -38.61919, 142.99583],
      ['strahan australia', 'Strahan, Australia', -42.15194, 145.32733],
    ])('finds "%s" (%s), a town of fewer than 1,000 people', (query, address, latitude, longitude) => {
      expect(search(query)[0]).toMatchObject({ address, latitude, longitude });
    });

    it('finds a town by the start of a longer official name ("Vík" is Vík í Mýrdal)', () => {
      expect(addresses('vik, iceland')[0]).toBe('Vík í Mýrdal, Iceland');
    });

    it('reads the data straight from the package: about 200,000 places, each with a name, a position and a region', () => {
      const { places } = index;
      expect(places.names.length).toBeGreaterThan(190_000);
      expect(places.ids.length).toBe(places.names.length);
      for (let place = 0; place < places.names.length; place += 997) {
        expect(places.names[place]).toBeTruthy();
        expect(Math.abs(places.latitudes[place])).toBeLessThanOrEqual(90);
        expect(Math.abs(places.longitudes[place])).toBeLessThanOrEqual(180);
        expect(places.regions[places.regionOfPlace[place]].country).toMatch(/^[A-Z]{2}$/);
      }
    });
  });

  describe('small towns near a trip', () => {
    const zion = [{ latitude: 37.2982, longitude: -113.0263 }];
    const northCoast = [{ latitude: 40.8021, longitude: -124.1637 }];
    const greatOceanRoad = [{ latitude: -38.757, longitude: 143.67 }];
    const near = (query: string, points: typeof zion) => searchGazetteer(index, query, { near: points }).map((result) => result.address);

    it('puts a hamlet next to the trip before a city of the same name far away', () => {
      // Springdale, UT (556 people) at Zion's gate against Springdale, AR (80,000) 1,500 km off.
      expect(addresses('springdale')[0]).toBe('Springdale, AR, United States');
      expect(near('springdale', zion)[0]).toBe('Springdale, UT, United States');
      expect(near('mendocino', northCoast)[0]).toBe('Mendocino, CA, United States');
      expect(near('port camp', greatOceanRoad)[0]).toBe('Port Campbell, Australia');
    });

    it('still ranks by population among places equally near', () => {
      expect(near('fort bragg', northCoast)[0]).toBe('Fort Bragg, CA, United States');
      expect(near('bandon', northCoast)[0]).toBe('Bandon, OR, United States');
    });
  });

  describe('US hamlets cities500 lacks (GeoNames postal localities)', () => {
    const northCoast = [{ latitude: 40.8021, longitude: -124.1637 }];
    const northCascades = [{ latitude: 48.36, longitude: -120.12 }];
    const near = (query: string, points: typeof northCoast) => searchGazetteer(index, query, { near: points });

    it('finds them by name, under their state, with their postal code as the id', () => {
      expect(near('myers flat', northCoast)[0]).toEqual({
        id: 'geonames-postal:US-95554',
        name: 'Myers Flat',
        address: 'Myers Flat, CA, United States',
        latitude: 40.2841,
        longitude: -123.7945,
      });
      expect(addresses('oatman')[0]).toBe('Oatman, AZ, United States');
      expect(addresses('terlingua, tx')[0]).toBe('Terlingua, TX, United States');
    });

    it('ranks one near the trip above towns of its name far away, but below a town of cities500 at the same distance', () => {
      expect(near('trinidad', northCoast)[0].address).toBe('Trinidad, CA, United States');
      expect(near('winthrop', northCascades)[0].address).toBe('Winthrop, WA, United States');
      // Alone, a postal locality counts as a hundred people: every Winthrop of cities500 comes first.
      const winthrops = addresses('winthrop');
      expect(winthrops.indexOf('Winthrop, WA, United States')).toBeGreaterThan(winthrops.indexOf('Winthrop, MA, United States'));
    });

    it('adds none that cities500 has: a town keeps its one entry, its GeoNames id and population', () => {
      const mendocinos = near('mendocino', northCoast).filter((result) => result.address === 'Mendocino, CA, United States');
      expect(mendocinos).toEqual([expect.objectContaining({ id: 'geonames:5372153' })]);
      const usPostal = index.places.postalIds.filter((id) => id.startsWith('US-')).length;
      expect(usPostal).toBeGreaterThan(10_000);
      expect(usPostal).toBeLessThan(20_000);
    });
  });

  describe("villages abroad cities500 lacks (GeoNames' postal localities of the countries road trips go to)", () => {
    const stranda = [{ latitude: 62.3086, longitude: 6.9372 }];
    const capeTribulation = [{ latitude: -16.0833, longitude: 145.4667 }];

    it('finds Geiranger, Daintree and Durness with their country, with or without a trip', () => {
      expect(searchGazetteer(index, 'geiranger', { near: stranda })[0]).toEqual({
        id: 'geonames-postal:NO-6216',
        name: 'Geiranger',
        address: 'Geiranger, Norway',
        latitude: 62.1019,
        longitude: 7.2072,
      });
      expect(addresses('geiranger, norway')[0]).toBe('Geiranger, Norway');
      expect(searchGazetteer(index, 'daintree', { near: capeTribulation })[0]).toMatchObject({
        id: 'geonames-postal:AU-4873-daintree',
        address: 'Daintree, Australia',
      });
      expect(addresses('daintree australia')[0]).toBe('Daintree, Australia');
      expect(search('durness')[0]).toMatchObject({ id: 'geonames-postal:GB-IV27-durness', address: 'Durness, United Kingdom', latitude: 58.5683 });
      // A GB locality keeps its nation, which a query may name.
      expect(addresses('durness, scotland')[0]).toBe('Durness, United Kingdom');
    });

    it("never offers a Canadian postal region (an FSA's name) as a town, nor its town at the region's centre", () => {
      for (const query of ['southeastern alberta', 'kananaskis country', 'west cape breton island']) {
        expect(search(query).filter((result) => result.id.startsWith('geonames-postal:CA-'))).toEqual([]);
      }
      // Drumheller is cities500's (or nobody's), never placed at its FSA's centre (50.99, -111.46).
      const drumhellers = search('drumheller').filter((result) => result.name === 'Drumheller');
      expect(drumhellers.every((result) => result.id.startsWith('geonames:'))).toBe(true);
      const canadianPostal = index.places.postalIds.filter((id) => id.startsWith('CA-'));
      expect(canadianPostal.length).toBeLessThan(500);
      for (let place = 0; place < index.places.names.length; place++) {
        if (index.places.ids[place] < 0 && index.places.postalIds[-1 - index.places.ids[place]].startsWith('CA-')) {
          expect(index.places.names[place]).not.toMatch(/[()]|Region|Country$|(North|South|East|West)(east|west)?$/);
        }
      }
    });

    it("lets no hamlet's name hide a city being typed, away from the trip", () => {
      // Los (SE), Pari (IT), Tel (IT) and Pitt (GB) are postal localities: typed alone, the cities come first.
      expect(addresses('los')[0]).toBe('Los Angeles, CA, United States');
      expect(addresses('pari')[0]).toBe('Paris, France');
      expect(addresses('tel')[0]).toBe('Tel Aviv, Israel');
      expect(addresses('pitt')[0]).toBe('Pittsburgh, PA, United States');
      expect(addresses('pari, italy')).toContain('Pari, Italy');
      // A hamlet called New York (Lincolnshire) is not kept at all: people type New York City so.
      expect(addresses('new york')).not.toContain('New York, United Kingdom');
      // Near the trip its name typed in full finds it first.
      expect(searchGazetteer(index, 'pari', { near: [{ latitude: 43.0, longitude: 11.3 }] })[0].address).toBe('Pari, Italy');
    });

    it('keeps every postal id unique, so a result list never repeats one', () => {
      expect(new Set(index.places.postalIds).size).toBe(index.places.postalIds.length);
    });
  });

  it('serves the LocationSearch interface', async () => {
    const gazetteer = createGazetteerSearch();
    expect(gazetteer.source).toBe('gazetteer');
    expect((await gazetteer.search('springfield, il'))[0].address).toBe('Springfield, IL, United States');
    expect((await gazetteer.search('bandon', [{ latitude: 43.1, longitude: -124.4 }]))[0].address).toBe('Bandon, OR, United States');
  });
});

describe('gazetteer reverse geocoding', () => {
  const gazetteer = createGazetteerSearch();

  it('names the nearest town within 15 km', async () => {
    expect(await gazetteer.reverse({ latitude: 47.0379, longitude: -122.9007 })).toMatchObject({ name: 'Olympia', address: 'Olympia, WA, United States' });
    expect(await gazetteer.reverse({ latitude: 48.8566, longitude: 2.3522 })).toMatchObject({ name: 'Paris', address: 'Paris, France' });
  });

  it('names none out at sea', async () => {
    expect(await gazetteer.reverse({ latitude: 40, longitude: -140 })).toBeNull();
  });
});

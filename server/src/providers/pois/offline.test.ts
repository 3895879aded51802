import { describe, expect, it } from 'vitest';
import { POI_SEARCH_MAX_RESULTS } from '@caravan/shared';
import { haversineKm } from '@caravan/engine';
import { loadCities500 } from '../locationSearch/gazetteerPlaces.ts';
import { createPoiSearch } from './index.ts';
import { createOfflinePoiSearch, loadOfflinePlaces, searchOfflinePlaces } from './offline.ts';
import type { PoiQuery } from './poiSearch.ts';

const places = loadOfflinePlaces();
const springdaleUT = { latitude: 37.1889, longitude: -112.9986 };
const chicagoLoop = { latitude: 41.8781, longitude: -87.6298 };
const search = (query: Omit<PoiQuery, 'radiusKm'> & { radiusKm?: number }) => searchOfflinePlaces(places, { radiusKm: 50, ...query });
const names = (query: Parameters<typeof search>[0]) => search(query).map((place) => place.name);

describe('offline places', () => {
  it('ships a few hundred real places, each complete, once, and inside the United States', () => {
    expect(places.length).toBeGreaterThanOrEqual(300);
    expect(new Set(places.map((place) => place.id)).size).toBe(places.length);
    expect(new Set(places.map((place) => place.name)).size).toBe(places.length);
    for (const place of places) {
      expect(place.name && place.category && place.address, place.id).toBeTruthy();
      // Hawaii (west of -154) and Alaska (north of 51) widen the box beyond the lower 48.
      expect(place.latitude, place.name).toBeGreaterThan(18);
      expect(place.latitude, place.name).toBeLessThan(72);
      expect(place.longitude, place.name).toBeGreaterThan(-180);
      expect(place.longitude, place.name).toBeLessThan(-66);
      expect(place.address, place.name).toMatch(/, [A-Z]{2} \d{5}$/);
    }
  });

  it('puts every place near the town its address names, by the GeoNames gazetteer', () => {
    // An independent source: GeoNames' towns of 500+ people (cities500, the offline gazetteer's data). A
    // swapped sign or digit puts a place hundreds of kilometres from its town; parks and wild places
    // legitimately sit some way out, city sights do not. Of two towns of one name in a state, the larger.
    const towns = new Map<string, { latitude: number; longitude: number; population: number }>();
    const geonames = loadCities500();
    geonames.names.forEach((name, place) => {
      const { country, adminCode } = geonames.regions[geonames.regionOfPlace[place]];
      const key = `${name}, ${adminCode}`;
      const population = geonames.populations[place];
      if (country === 'US' && !(population < (towns.get(key)?.population ?? -1))) {
        towns.set(key, { latitude: geonames.latitudes[place], longitude: geonames.longitudes[place], population });
      }
    });
    const inTown = new Set(['Museum', 'Aquarium', 'Zoo', 'Stadium', 'Garden', 'Restaurant', 'Theme Park']);
    let checked = 0;
    for (const place of places) {
      const town = towns.get(place.address.replace(/ \d{5}$/, '').replace(/^New York, NY$/, 'New York City, NY'));
      if (!town) continue;
      checked += 1;
      expect(haversineKm(place, town), `${place.name}, ${place.address}`).toBeLessThan(inTown.has(place.category) ? 40 : 160);
    }
    expect(checked).toBeGreaterThan(250);
  });
});

describe('offline point-of-interest search', () => {
  it('finds the national parks near Springdale, Utah, nearest first', () => {
    expect(names({ keyword: 'national park', ...springdaleUT, radiusKm: 100 })).toEqual(['Zion National Park', 'Bryce Canyon National Park']);
  });

  it('keeps to the radius', () => {
    expect(names({ keyword: 'national park', ...springdaleUT, radiusKm: 50 })).toEqual(['Zion National Park']);
    expect(names({ keyword: 'national park', ...springdaleUT, radiusKm: 5 })).toEqual([]);
  });

  it('matches the keyword in the name, the category or the address, without case or accents', () => {
    expect(names({ keyword: 'MUSEUM', ...chicagoLoop, radiusKm: 5 })).toEqual([
      'Art Institute of Chicago',
      'Field Museum',
      'Adler Planetarium',
    ]);
    expect(names({ keyword: 'haleakala', latitude: 20.8, longitude: -156.3 })).toEqual(['Haleakalā National Park']);
    expect(names({ keyword: 'okeeffe', latitude: 35.687, longitude: -105.9378 })).toEqual(["Georgia O'Keeffe Museum"]);
    expect(names({ keyword: 'moab', latitude: 38.5733, longitude: -109.5498, radiusKm: 10 })).toEqual([]);
    expect(names({ keyword: 'moab', latitude: 38.5733, longitude: -109.5498, radiusKm: 30 })).toContain('Arches National Park');
  });

  it('narrows to a category when one is given', () => {
    expect(names({ keyword: 'chicago', ...chicagoLoop, radiusKm: 20, category: 'aquarium' })).toEqual(['Shedd Aquarium']);
    expect(names({ keyword: 'chicago', ...chicagoLoop, radiusKm: 20, category: 'Zoo' })).toEqual(['Lincoln Park Zoo']);
  });

  it('returns at most 50 places, sorted by distance', () => {
    const centreOfTheUS = { latitude: 39.8283, longitude: -98.5795 };
    const results = search({ keyword: 'park', ...centreOfTheUS, radiusKm: 5000 });
    expect(results).toHaveLength(POI_SEARCH_MAX_RESULTS);
    const distances = results.map((place) => haversineKm(centreOfTheUS, place));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('serves the PoiSearch interface and is the default without OVERPASS_URL', async () => {
    const poiSearch = createPoiSearch({ overpassUrl: undefined });
    expect(poiSearch.source).toBe('offline');
    expect((await createOfflinePoiSearch().search({ keyword: 'arch', ...chicagoLoop, radiusKm: 500 }))[0].name).toBe('Gateway Arch National Park');
  });
});

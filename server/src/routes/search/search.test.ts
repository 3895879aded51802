import { describe, expect, it } from 'vitest';
import { messages, ZPoiSearchResponse, ZReverseGeocodeResponse } from '@caravan/shared';
import { buildUser } from '../../test/factories.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const t = useTestServer();
const springdaleUT = { latitude: 37.1889, longitude: -112.9986 };

describe('POST /search/pois', () => {
  it('finds real places near a point, nearest first, with the fields the map shows', async () => {
    const user = await buildUser(t.server.deps.dataSource);
    const response = await t.api.post('/search/pois', { keyword: 'national park', ...springdaleUT, radius: 100 }, { as: user });

    expect(response.status).toBe(200);
    const places = ZPoiSearchResponse.parse(response.body);
    expect(places.map((place) => place.name)).toEqual(['Zion National Park', 'Bryce Canyon National Park']);
    expect(places[0]).toEqual({
      id: 'caravan:zion-national-park',
      name: 'Zion National Park',
      address: 'Springdale, UT 84767',
      category: 'National Park',
      latitude: 37.2982,
      longitude: -113.0263,
    });
  });

  it('searches 50 km when no radius is given, and takes coordinates sent as strings', async () => {
    const user = await buildUser(t.server.deps.dataSource);
    const response = await t.api.post('/search/pois', { keyword: 'national park', latitude: '37.1889', longitude: '-112.9986' }, { as: user });
    expect(response.status).toBe(200);
    // Bryce Canyon, 85 km away, is outside the default radius.
    expect(response.body.map((place: { name: string }) => place.name)).toEqual(['Zion National Park']);
  });

  it('narrows to a category and answers an empty list when nothing matches', async () => {
    const user = await buildUser(t.server.deps.dataSource);
    const chicago = { latitude: 41.8781, longitude: -87.6298 };
    const aquariums = await t.api.post('/search/pois', { keyword: 'chicago', ...chicago, radius: 25, category: 'Aquarium' }, { as: user });
    expect(aquariums.body.map((place: { name: string }) => place.name)).toEqual(['Shedd Aquarium']);
    const nothing = await t.api.post('/search/pois', { keyword: 'xqzzvyqk', ...chicago }, { as: user });
    expect(nothing).toMatchObject({ status: 200, body: [] });
  });

  it.each([
    [{ keyword: '', ...springdaleUT }, messages.poiSearch.keywordEmpty],
    [{ keyword: '   ', ...springdaleUT }, messages.poiSearch.keywordEmpty],
    [{ ...springdaleUT }, messages.poiSearch.keywordEmpty],
    [{ keyword: 'zion', latitude: 90.5, longitude: -113 }, messages.validation.invalidLatitude],
    [{ keyword: 'zion', longitude: -113 }, messages.validation.invalidLatitude],
    [{ keyword: 'zion', latitude: 'north', longitude: -113 }, messages.validation.invalidLatitude],
    [{ keyword: 'zion', latitude: 37, longitude: -180.5 }, messages.validation.invalidLongitude],
    [{ keyword: 'zion', latitude: 37 }, messages.validation.invalidLongitude],
    [{ keyword: 'zion', ...springdaleUT, radius: 0 }, messages.poiSearch.radiusNotPositive],
    [{ keyword: 'zion', ...springdaleUT, radius: -10 }, messages.poiSearch.radiusNotPositive],
    [{ keyword: 'zion', ...springdaleUT, radius: 'far' }, messages.poiSearch.radiusNotPositive],
    [{ keyword: 'zion', ...springdaleUT, limit: 5 }, 'Unrecognized extra properties: limit'],
  ])('refuses %j with its message', async (body, message) => {
    const user = await buildUser(t.server.deps.dataSource);
    const response = await t.api.post('/search/pois', body, { as: user });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
  });

  it('needs a session', async () => {
    const response = await t.api.post('/search/pois', { keyword: 'national park', ...springdaleUT });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe(messages.auth.notAuthenticated);
  });
});

describe('POST /search/locations near a trip', () => {
  const westCoast = [
    { latitude: 47.6062, longitude: -122.3321 },
    { latitude: 45.5152, longitude: -122.6784 },
    { latitude: 37.7749, longitude: -122.4194 },
  ];

  it('lists the place near the trip first, and by size alone without it', async () => {
    const user = await buildUser(t.server.deps.dataSource);
    const alone = await t.api.post('/search/locations', { query: 'Fort Bragg' }, { as: user });
    expect(alone.body[0].address).toBe('Fort Bragg, NC, United States');
    const nearTrip = await t.api.post('/search/locations', { query: 'Fort Bragg', near: westCoast }, { as: user });
    expect(nearTrip.status).toBe(200);
    expect(nearTrip.body[0].address).toBe('Fort Bragg, CA, United States');
  });

  it('finds the small towns of a coast drive offline (GeoNames places of 500+ people)', async () => {
    const user = await buildUser(t.server.deps.dataSource);
    for (const [query, address] of [
      ['Mendocino', 'Mendocino, CA, United States'],
      ['Bandon', 'Bandon, OR, United States'],
      ['Yachats', 'Yachats, OR, United States'],
    ]) {
      const response = await t.api.post('/search/locations', { query, near: westCoast }, { as: user });
      expect(response.status).toBe(200);
      expect(response.body[0].address, query).toBe(address);
    }
  });

  it.each([
    [{ query: 'bandon', near: 'oregon' }, messages.validation.nearPointsInvalid],
    [{ query: 'bandon', near: [{ latitude: 43 }] }, messages.validation.invalidLongitude],
    [{ query: 'bandon', near: [{ latitude: 91, longitude: 0 }] }, messages.validation.invalidLatitude],
    [{ query: 'bandon', near: [{ latitude: 43, longitude: '-124' }] }, messages.validation.invalidLongitude],
    [{ query: 'bandon', near: [{ latitude: 43, longitude: -124, zoom: 3 }] }, 'Unrecognized extra properties: zoom'],
    [{ query: 'bandon', near: [null] }, messages.validation.nearPointsInvalid],
    [{ query: 'bandon', near: Array.from({ length: 101 }, () => westCoast[0]) }, messages.validation.tooManyNearPoints(100)],
  ])('refuses %j with its message', async (body, message) => {
    const user = await buildUser(t.server.deps.dataSource);
    const response = await t.api.post('/search/locations', body, { as: user });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
  });
});

describe('POST /search/reverse', () => {
  it('names the place at a point: the nearest town offline, nothing out at sea', async () => {
    const user = await buildUser(t.server.deps.dataSource);
    const olympia = await t.api.post('/search/reverse', { latitude: 47.0379, longitude: -122.9007 }, { as: user });
    expect(olympia.status).toBe(200);
    expect(ZReverseGeocodeResponse.parse(olympia.body).location).toMatchObject({ name: 'Olympia', address: 'Olympia, WA, United States' });
    const sea = await t.api.post('/search/reverse', { latitude: 40, longitude: -140 }, { as: user });
    expect(sea.body).toEqual({ location: null });
  });

  it.each([
    [{ latitude: 91, longitude: 0 }, messages.validation.invalidLatitude],
    [{ latitude: 45, longitude: '-122' }, messages.validation.invalidLongitude],
    [{ latitude: 45 }, messages.validation.invalidLongitude],
    [{ latitude: 45, longitude: -122, query: 'x' }, 'Unrecognized extra properties: query'],
  ])('refuses %j with its message', async (body, message) => {
    const user = await buildUser(t.server.deps.dataSource);
    const response = await t.api.post('/search/reverse', body, { as: user });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
  });

  it('needs a session', async () => {
    expect((await t.api.post('/search/reverse', { latitude: 47, longitude: -122 })).status).toBe(401);
  });
});

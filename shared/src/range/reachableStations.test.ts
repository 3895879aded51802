import { describe, expect, it } from 'vitest';
import type { CorridorCategory, TCorridorPlace } from '../contracts/corridor.ts';
import type { TVehicle } from '../contracts/vehicle.ts';
import { walkRange } from './rangeWalk.ts';
import { reachableStations, stationCategoriesOf } from './reachableStations.ts';
import { stationAlongText } from './rangeWords.ts';

const car = (kind: TVehicle['kind'], rangeKm: number, extra: Partial<TVehicle> = {}): TVehicle => ({ kind, rangeKm, reservePercent: 0, departureFillPercent: 100, ...extra });

const place = (id: string, alongKm: number, detourMinutes = 0, category: CorridorCategory = 'fuel'): TCorridorPlace => ({
  id,
  name: id,
  category,
  address: '',
  latitude: 40,
  longitude: -120,
  alongKm,
  offRouteKm: 0,
  leg: { fromStopId: 'A', toStopId: 'B' },
  detourMinutes,
  detourSource: 'estimate',
});
const ids = (places: TCorridorPlace[]) => places.map((found) => found.id);

/** A → B → C, legs of 300 and 240 km: a 500 km car runs out 200 km after B, 500 km along the 540 km stretch. */
const runOut = { lastFillStopId: 'A', kmAfter: 200, fraction: 200 / 240 };

describe('reachableStations', () => {
  it('offers the three fuel stations furthest along before a fuel car runs out, in the order reached', () => {
    const places = [place('p100', 100), place('p300', 300), place('p420', 420), place('p480', 480), place('p520', 520), place('ev450', 450, 0, 'charging')];
    expect(ids(reachableStations(runOut, car('fuel', 500), 'A', { places, routeKm: 540 }))).toEqual(['p300', 'p420', 'p480']);
  });

  it('counts the way there (half the detour) and keeps the reserve', () => {
    // 490 km along + 10 minutes there at 80 km/h (13.3 km) is past 500.
    expect(ids(reachableStations(runOut, car('fuel', 500), 'A', { places: [place('near', 490, 20), place('on', 490, 4)], routeKm: 540 }))).toEqual(['on']);
    // 20 % reserve on a 625 km tank: 500 usable, as above; with 30 %, 437.5 usable.
    const reserved = car('fuel', 625, { reservePercent: 30 });
    expect(ids(reachableStations({ ...runOut, kmAfter: 137.5, fraction: 137.5 / 240 }, reserved, 'A', { places: [place('p420', 420), place('p480', 480)], routeKm: 540 }))).toEqual(['p420']);
  });

  it('prefers a small detour over a few km further along', () => {
    const places = [place('a', 300), place('b', 380, 2), place('c', 400, 120), place('d', 390, 1)];
    expect(ids(reachableStations(runOut, car('fuel', 500), 'A', { places, routeKm: 540 }))).toEqual(['a', 'b', 'd']);
  });

  it('offers chargers to an electric car, and both to one that takes either', () => {
    const places = [place('fuel', 200), place('ccs', 250, 0, 'charging'), place('type2', 260, 0, 'charging')];
    expect(ids(reachableStations(runOut, car('electric', 500), 'A', { places, routeKm: 540 }))).toEqual(['ccs', 'type2']);
    expect(ids(reachableStations(runOut, car('either', 500), 'A', { places, routeKm: 540 }))).toEqual(['fuel', 'ccs', 'type2']);
    expect(stationCategoriesOf('none')).toEqual([]);
  });

  it('starts from the fill at departure at the first stop, and from a full tank after a refuel', () => {
    const half = car('fuel', 1000, { departureFillPercent: 50 });
    const places = [place('p480', 480), place('p700', 700)];
    expect(ids(reachableStations({ lastFillStopId: 'A', kmAfter: 200, fraction: 200 / 240 }, half, 'A', { places, routeKm: 540 }))).toEqual(['p480']);
    expect(ids(reachableStations({ lastFillStopId: 'F', kmAfter: 200, fraction: 0.5 }, half, 'A', { places, routeKm: 1200 }))).toEqual(['p480', 'p700']);
  });

  it('places the run-out at the same share of a stretch the answer measured by a shorter line', () => {
    // The schedule's 540 km are a road estimate; the answer searched the straight line, 540 / 1.3 km: the run-out is at 384.6 km of it.
    const places = [place('p380', 380), place('p390', 390)];
    expect(ids(reachableStations(runOut, car('fuel', 500), 'A', { places, routeKm: 540 / 1.3 }))).toEqual(['p380']);
  });

  it('goes by the distance along a route that doubles back, not by how near a station is to the fill', () => {
    // A → B → A → B, 150 km each: a 400 km car runs out 100 km into the third leg. A station at A's door on the way
    // back (300 km along) is reached; the same station passed again at 450 km is not, nor one 10 km past B the second time.
    const stops = ['A', 'B', 'A2', 'B2'].map((id) => ({ id, latitude: 40, longitude: -120 }));
    const [walked] = walkRange(car('fuel', 400), stops, [{ distanceKm: null }, { distanceKm: 150 }, { distanceKm: 150 }, { distanceKm: 150 }]);
    const places = [place('atA-first', 2), place('atB', 150), place('atA-back', 300), place('pastB-again', 460)];
    expect(ids(reachableStations(walked, car('fuel', 400), 'A', { places, routeKm: 450 }))).toEqual(['atA-first', 'atB', 'atA-back']);
  });

  it('offers none when every station lies past the run-out, or the car is not walked', () => {
    expect(reachableStations(runOut, car('fuel', 500), 'A', { places: [place('far', 510)], routeKm: 540 })).toEqual([]);
    expect(reachableStations(runOut, car('none', 500), 'A', { places: [place('p1', 1)], routeKm: 540 })).toEqual([]);
    expect(reachableStations(runOut, car('fuel', 500), 'A', { places: [], routeKm: 540 })).toEqual([]);
  });

  it('says how far along in km or miles', () => {
    expect(stationAlongText(160.9, 'Eureka', 'km')).toBe('161 km from Eureka');
    expect(stationAlongText(160.9, 'Eureka', 'mi')).toBe('100 mi from Eureka');
  });
});

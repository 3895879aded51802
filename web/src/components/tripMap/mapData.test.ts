import { describe, expect, it } from 'vitest';
import { lastStopPosition, stopPoints } from './mapData.ts';

const monterey = { latitude: 36.6002, longitude: -121.8947 };
const bigSur = { latitude: 36.2704, longitude: -121.8081 };
/** A stop added by hand without picking a location. */
const unplaced = { latitude: 0, longitude: 0 };

describe('stop positions on the map', () => {
  it('joins and fits only the stops that have a position, in trip order', () => {
    expect(stopPoints([monterey, unplaced, bigSur, unplaced])).toEqual([monterey, bigSur]);
    expect(stopPoints([unplaced])).toEqual([]);
  });

  it('searches near the last stop that has a position', () => {
    expect(lastStopPosition([monterey, bigSur, unplaced])).toEqual(bigSur);
    expect(lastStopPosition([unplaced, unplaced])).toBeNull();
    expect(lastStopPosition([])).toBeNull();
  });
});

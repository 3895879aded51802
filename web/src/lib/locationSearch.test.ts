/** What the address type-ahead ranks near: the trip's located stops, else where its map is looking. */
import { describe, expect, it } from 'vitest';
import { searchBias } from './locationSearch.ts';

const californiaView = { latitude: 38.5, longitude: -122.5 };
const monterey = { latitude: 36.6002, longitude: -121.8947 };
const unplaced = { latitude: 0, longitude: 0 };

describe('searchBias', () => {
  it("sends the map view's centre while no stop has a position", () => {
    expect(searchBias([], californiaView)).toEqual([californiaView]);
    expect(searchBias([unplaced], californiaView)).toEqual([californiaView]);
  });

  it("sends the located stops alone once there are some (the map's centre would only repeat them)", () => {
    expect(searchBias([unplaced, monterey], californiaView)).toEqual([monterey]);
  });

  it('sends nothing with neither, so the search ranks by size', () => {
    expect(searchBias([unplaced], null)).toEqual([]);
  });
});

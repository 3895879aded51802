/** The "already in the trip" rule of Import places and search results: within 50 m and a similar name. */
import { describe, expect, it } from 'vitest';
import { findDuplicateStop, similarNames } from './duplicatePlaces.ts';

const bridge = { id: 'a', name: 'Golden Gate Bridge', latitude: 37.8199, longitude: -122.4783 };
const stops = [bridge, { id: 'b', name: 'Café Saint-Germain', latitude: 48.8539, longitude: 2.3336 }];

describe('findDuplicateStop', () => {
  it('flags the same place under the same or a similar name', () => {
    expect(findDuplicateStop({ name: 'golden gate bridge', latitude: 37.8199, longitude: -122.4783 }, stops)).toBe(bridge);
    // 30 m away, a typo.
    expect(findDuplicateStop({ name: 'Golden Gate Brdge', latitude: 37.82017, longitude: -122.4783 }, stops)).toBe(bridge);
    // One name holds the other as whole words; accents and punctuation set aside.
    expect(findDuplicateStop({ name: 'Cafe Saint Germain, Paris', latitude: 48.8539, longitude: 2.3336 }, stops)?.id).toBe('b');
  });

  it('keeps a place further than 50 m away, or one with an unrelated name', () => {
    // About 60 m north.
    expect(findDuplicateStop({ name: 'Golden Gate Bridge', latitude: 37.82044, longitude: -122.4783 }, stops)).toBeNull();
    expect(findDuplicateStop({ name: 'Fort Point', latitude: 37.8199, longitude: -122.4783 }, stops)).toBeNull();
  });

  it('flags a search result the trip has, by a name that differs in case and spaces, 40 m away', () => {
    const bixby = { name: 'Bixby Creek Bridge', latitude: 36.3715, longitude: -121.9017 };
    expect(findDuplicateStop({ name: ' bixby creek bridge ', latitude: 36.3718, longitude: -121.902 }, [bixby])).toBe(bixby);
    expect(findDuplicateStop({ name: 'Bixby Café', latitude: 36.3715, longitude: -121.9017 }, [bixby])).toBeNull();
  });

  it('takes a stop without a position (added by hand, at 0, 0 or null) for no place', () => {
    const unplaced = [
      { name: 'Somewhere', latitude: null, longitude: null },
      { name: 'Somewhere', latitude: 0, longitude: 0 },
    ];
    expect(findDuplicateStop({ name: 'Somewhere', latitude: 0, longitude: 0 }, unplaced)).toBeNull();
  });
});

describe('similarNames', () => {
  it('does not take a word inside another word for the same name', () => {
    expect(similarNames('Art', 'Artisan Bakery')).toBe(false);
    expect(similarNames('', 'Anything')).toBe(false);
    expect(similarNames('Museum', 'MUSEUM!')).toBe(true);
  });
});

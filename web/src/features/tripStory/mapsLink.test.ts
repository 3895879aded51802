import { describe, expect, it } from 'vitest';
import { mapsSearchUrl } from './mapsLink.ts';

const query = (url: string) => new URL(url).searchParams.get('query');

describe('mapsSearchUrl', () => {
  it('searches the name and address, else the coordinates, else the name of a stop without a position', () => {
    expect(query(mapsSearchUrl({ name: 'Big Sur', address: 'Big Sur, CA', latitude: 36.27, longitude: -121.81 }))).toBe('Big Sur, Big Sur, CA');
    expect(query(mapsSearchUrl({ name: 'Viewpoint', address: null, latitude: 36.27, longitude: -121.81 }))).toBe('36.27,-121.81');
    expect(query(mapsSearchUrl({ name: 'Somewhere', address: null, latitude: 0, longitude: 0 }))).toBe('Somewhere');
  });
});

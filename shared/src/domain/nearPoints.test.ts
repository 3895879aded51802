import { describe, expect, it } from 'vitest';
import { LOCATION_SEARCH_MAX_NEAR_POINTS } from '../constants.ts';
import { nearPointsOf } from './nearPoints.ts';

describe('nearPointsOf', () => {
  it('keeps the located stops and drops those without a position', () => {
    expect(nearPointsOf([{ latitude: 45.5, longitude: -122.7 }, { latitude: 0, longitude: 0 }])).toEqual([{ latitude: 45.5, longitude: -122.7 }]);
  });

  it('thins a long trip evenly to the most the search takes, first and last stops kept', () => {
    const stops = Array.from({ length: 950 }, (_, index) => ({ latitude: 30 + index / 100, longitude: -120 }));
    const points = nearPointsOf(stops);
    expect(points).toHaveLength(LOCATION_SEARCH_MAX_NEAR_POINTS);
    expect(points[0]).toEqual({ latitude: 30, longitude: -120 });
    expect(points.at(-1)).toEqual({ latitude: 30 + 949 / 100, longitude: -120 });
  });
});

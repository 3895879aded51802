import { describe, expect, it } from 'vitest';
import { scaledSize } from './preparePhoto.ts';

describe('scaledSize', () => {
  it('fits the longer side in 1920 px and keeps the proportions', () => {
    expect(scaledSize(3000, 2000)).toEqual({ width: 1920, height: 1280 });
    expect(scaledSize(1000, 4000)).toEqual({ width: 480, height: 1920 });
    expect(scaledSize(1920, 1080)).toEqual({ width: 1920, height: 1080 });
  });
});

import { describe, expect, it } from 'vitest';
import { projectRoute, THUMBNAIL_BOX } from './routeThumbnail.ts';

const box = THUMBNAIL_BOX;
const inside = ([x, y]: [number, number]) =>
  x >= box.margin && x <= box.width - box.margin && y >= box.margin && y <= box.height - box.margin;

describe('a route thumbnail', () => {
  it('draws a west-to-east route left to right, north up, within the margin, filling the width', () => {
    // San Francisco → Chicago → New York.
    const points = projectRoute([
      [-122.42, 37.77],
      [-87.63, 41.88],
      [-74.01, 40.71],
    ]);
    expect(points.every(inside)).toBe(true);
    expect(points[0][0]).toBe(box.margin);
    expect(points[2][0]).toBe(box.width - box.margin);
    expect(points[0][0]).toBeLessThan(points[1][0]);
    // Chicago is north of both: higher up, so a smaller y.
    expect(points[1][1]).toBeLessThan(points[0][1]);
    expect(points[1][1]).toBeLessThan(points[2][1]);
  });

  it('fills the height with a north-south route and centres it across', () => {
    const points = projectRoute([
      [-122.42, 47.61],
      [-122.68, 45.52],
      [-122.42, 37.77],
    ]);
    expect(points[0][1]).toBe(box.margin);
    expect(points[2][1]).toBe(box.height - box.margin);
    expect(Math.abs(points[0][0] - box.width / 2)).toBeLessThan(10);
  });

  it('puts a single place in the middle and draws nothing for no places', () => {
    expect(projectRoute([[-122.42, 37.77]])).toEqual([[box.width / 2, box.height / 2]]);
    expect(projectRoute([])).toEqual([]);
  });
});

/**
 * Stop numbers on the PDF's route picture: beside their points, clear of each other and of every point, inside the
 * picture; a crowd of stops at one place fans its numbers out in rings; any scatter of points a route picture
 * holds gets every number a clear spot.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { overlaps, placeLabels, type PlacedLabel, type PlacementOptions } from './labelPlacement.ts';
import type { Box, Point } from './mapProjection.ts';

const OPTIONS: PlacementOptions = { bounds: { x: 50, y: 100, width: 495, height: 230 }, pointRadius: 3.5, gap: 1.5 };
const SIZE = { width: 11, height: 11 };
const pointBox = ([x, y]: Point): Box => ({ x: x - 3.5, y: y - 3.5, width: 7, height: 7 });
const within = (inner: Box, outer: Box) =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;

/** Every label inside the picture, clear of every other label and every point. */
function expectClear(points: Point[], labels: PlacedLabel[]): void {
  expect(labels).toHaveLength(points.length);
  for (const [index, label] of labels.entries()) {
    expect(within(label, OPTIONS.bounds)).toBe(true);
    for (const point of points) expect(overlaps(label, pointBox(point))).toBe(false);
    for (const other of labels.slice(index + 1)) expect(overlaps(label, other)).toBe(false);
  }
}

/** How far the label's nearest edge lies from its point. */
const reach = ([x, y]: Point, label: Box) =>
  Math.hypot(Math.max(label.x - x, 0, x - label.x - label.width), Math.max(label.y - y, 0, y - label.y - label.height));

describe('placing stop numbers', () => {
  it('puts a lone number right beside its point, touching its ring', () => {
    const [label] = placeLabels([[200, 200]], [SIZE], OPTIONS);
    // Half its height plus the gap from the point's centre: a number above or below would clear it too.
    expect(label).toEqual({ x: 207, y: 194.5, width: 11, height: 11, ring: 0 });
  });

  it('goes left, above or below when the right side is outside the picture', () => {
    const [label] = placeLabels([[540, 200]], [SIZE], OPTIONS);
    expect(label.x + label.width).toBeLessThanOrEqual(540 - 3.5);
    expect(label.ring).toBe(0);
  });

  it('fans twelve numbers at one place out in rings, none on another', () => {
    const points = Array.from({ length: 12 }, (): Point => [300, 200]);
    const labels = placeLabels(points, points.map(() => SIZE), OPTIONS);
    expectClear(points, labels);
    // Right, left, above and below touch the point's ring; the diagonals and the rest lie one ring out (with a leader line).
    expect(labels.map((label) => label.ring)).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1]);
  });

  it('gives every number of a scattered route a clear spot near its point', () => {
    const point = fc.tuple(fc.double({ min: 76, max: 519, noNaN: true }), fc.double({ min: 126, max: 304, noNaN: true }));
    fc.assert(
      fc.property(fc.array(point, { minLength: 1, maxLength: 25 }), fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 25, maxLength: 25 }), (points, digits) => {
        const sizes = points.map((_, index) => ({ width: 5.2 * digits[index] + 6, height: 11 }));
        const labels = placeLabels(points as Point[], sizes, OPTIONS);
        expectClear(points as Point[], labels);
        labels.forEach((label, index) => expect(reach(points[index] as Point, label)).toBeLessThan(100));
      }),
      { numRuns: 200 },
    );
  });
});

/**
 * Where each stop's number goes on the PDF's route picture: beside its point, on the first spot that overlaps no
 * label placed before it and no stop's point, and lies inside the picture. Spots are tried right, left, above,
 * below, then diagonally, in rings further and further out, so stops close together fan their numbers out
 * instead of printing them on top of each other.
 */
import type { Box, Point } from './mapProjection.ts';

export interface LabelSize {
  width: number;
  height: number;
}

export interface PlacedLabel extends Box {
  /** 0 when the label touches its point's ring; further out, the picture draws a leader line to the point. */
  ring: number;
}

export interface PlacementOptions {
  /** Where labels must lie. */
  bounds: Box;
  /** Half the side of the square each point keeps clear. */
  pointRadius: number;
  /** Space between a point and its nearest label, and between labels. */
  gap: number;
  /** How many rings to try before giving up on a clear spot (default 8). */
  rings?: number;
}

/** Right, left, above, below, then the diagonals: the near sides read best. */
const DIRECTIONS: ReadonlyArray<Point> = [[1, 0], [-1, 0], [0, -1], [0, 1], [1, -1], [-1, -1], [1, 1], [-1, 1]];

export const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;
const grown = (box: Box, by: number): Box => ({ x: box.x - by, y: box.y - by, width: box.width + 2 * by, height: box.height + 2 * by });

/** The label of `size` beside `point`, `distance` away in `direction` (diagonals at the same distance). */
function candidate([x, y]: Point, size: LabelSize, [dx, dy]: Point, distance: number): Box {
  const reach = dx !== 0 && dy !== 0 ? distance / Math.SQRT2 : distance;
  const centreX = x + dx * (reach + size.width / 2);
  const centreY = y + dy * (reach + size.height / 2);
  return { x: centreX - size.width / 2, y: centreY - size.height / 2, width: size.width, height: size.height };
}

/** One label per point, in the points' order (earlier points get the nearer spots). */
export function placeLabels(points: readonly Point[], sizes: readonly LabelSize[], options: PlacementOptions): PlacedLabel[] {
  const { bounds, pointRadius, gap, rings = 8 } = options;
  const pointBoxes = points.map(([x, y]) => ({ x: x - pointRadius, y: y - pointRadius, width: 2 * pointRadius, height: 2 * pointRadius }));
  const placed: PlacedLabel[] = [];
  const clear = (box: Box) => inside(box, bounds) && ![...pointBoxes, ...placed].some((other) => overlaps(grown(box, gap / 2), grown(other, gap / 2)));
  points.forEach((point, index) => {
    const size = sizes[index];
    const step = size.height + gap;
    // Far enough out that a label above or below clears the ones beside the point.
    const nearest = Math.max(pointRadius, size.height / 2) + gap;
    for (let ring = 0; ring < rings; ring += 1) {
      for (const direction of DIRECTIONS) {
        const box = candidate(point, size, direction, nearest + ring * step);
        if (clear(box)) return void placed.push({ ...box, ring });
      }
    }
    // Nowhere clear (a crowd larger than the picture holds): beside the point, kept inside the picture.
    const box = candidate(point, size, DIRECTIONS[0], nearest);
    const x = Math.min(Math.max(box.x, bounds.x), bounds.x + bounds.width - size.width);
    const y = Math.min(Math.max(box.y, bounds.y), bounds.y + bounds.height - size.height);
    placed.push({ ...box, x, y, ring: 0 });
  });
  return placed;
}

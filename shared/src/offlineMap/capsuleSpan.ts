/**
 * Which part of one row of tiles lies within `r` of a segment: the x extent of the segment's capsule (every point
 * within r of it, in tile units) inside the strip y0 ≤ y ≤ y1. The capsule is convex, so its part in the strip is
 * too, and a tile of the row is within r of the segment exactly when its x range meets that extent. The capsule is
 * the union of a disk at each end and the rectangle the segment sweeps; the extent is the union of theirs.
 */

/** Widens `span` ([lo, hi]) by a disk's part in the strip. */
function diskSpan(cx: number, cy: number, r: number, y0: number, y1: number, span: number[]): void {
  const dy = cy < y0 ? y0 - cy : cy > y1 ? cy - y1 : 0;
  if (dy > r) return;
  const half = Math.sqrt(r * r - dy * dy);
  if (cx - half < span[0]) span[0] = cx - half;
  if (cx + half > span[1]) span[1] = cx + half;
}

function widen(x: number, span: number[]): void {
  if (x < span[0]) span[0] = x;
  if (x > span[1]) span[1] = x;
}

/** Widens `span` by the crossing of the edge (px, py)–(qx, qy) with the line y = edge, if it crosses it. */
function crossing(px: number, py: number, qx: number, qy: number, edge: number, span: number[]): void {
  if ((py - edge) * (qy - edge) < 0) widen(px + ((edge - py) / (qy - py)) * (qx - px), span);
}

/** Widens `span` by a convex quadrilateral's part in the strip: its corners inside it and its edges' crossings of it. */
function quadSpan(xs: number[], ys: number[], y0: number, y1: number, span: number[]): void {
  for (let i = 0; i < 4; i += 1) {
    const next = i === 3 ? 0 : i + 1;
    const px = xs[i];
    const py = ys[i];
    if (py >= y0 && py <= y1) widen(px, span);
    crossing(px, py, xs[next], ys[next], y0, span);
    crossing(px, py, xs[next], ys[next], y1, span);
  }
}

const quadXs = [0, 0, 0, 0];
const quadYs = [0, 0, 0, 0];

/**
 * Sets `span` to the x extent, in the strip y0..y1, of the points within r of the segment (ax, ay)–(bx, by);
 * answers false when none is in the strip.
 */
export function capsuleSpan(ax: number, ay: number, bx: number, by: number, r: number, y0: number, y1: number, span: number[]): boolean {
  span[0] = Infinity;
  span[1] = -Infinity;
  diskSpan(ax, ay, r, y0, y1, span);
  const length = Math.hypot(bx - ax, by - ay);
  if (length > 0) {
    diskSpan(bx, by, r, y0, y1, span);
    // The rectangle's corners: each end moved r either side, across the segment.
    const nx = (-(by - ay) / length) * r;
    const ny = ((bx - ax) / length) * r;
    quadXs[0] = ax + nx; quadYs[0] = ay + ny;
    quadXs[1] = bx + nx; quadYs[1] = by + ny;
    quadXs[2] = bx - nx; quadYs[2] = by - ny;
    quadXs[3] = ax - nx; quadYs[3] = ay - ny;
    quadSpan(quadXs, quadYs, y0, y1, span);
  }
  return span[0] <= span[1];
}

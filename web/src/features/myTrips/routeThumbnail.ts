/**
 * A trip's route as a thumbnail (docs/product.md#my-trips): its [longitude, latitude] points projected into a
 * small box, without a map library or network. Longitudes are scaled by the cosine of the middle latitude (an
 * equirectangular projection), so a route keeps its shape at the latitudes road trips happen at; the
 * route is centred and fills the box less its margin, whichever side is the longer.
 */

export interface ThumbnailBox {
  width: number;
  height: number;
  margin: number;
}

export const THUMBNAIL_BOX: ThumbnailBox = { width: 120, height: 72, margin: 10 };

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** The points' places in the box, in SVG coordinates (y down), to one decimal. */
export function projectRoute(route: ReadonlyArray<readonly [number, number]>, box: ThumbnailBox = THUMBNAIL_BOX): Array<[number, number]> {
  if (route.length === 0) return [];
  const lats = route.map(([, latitude]) => latitude);
  const xScale = Math.cos(toRadians((Math.min(...lats) + Math.max(...lats)) / 2));
  const flat = route.map(([longitude, latitude]) => [longitude * xScale, -latitude] as const);
  const xs = flat.map(([x]) => x);
  const ys = flat.map(([, y]) => y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const innerWidth = box.width - 2 * box.margin;
  const innerHeight = box.height - 2 * box.margin;
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  // One place only (or all stops at one place): the middle of the box.
  const scale = spanX === 0 && spanY === 0 ? 0 : Math.min(spanX ? innerWidth / spanX : Infinity, spanY ? innerHeight / spanY : Infinity);
  const offsetX = (box.width - spanX * scale) / 2;
  const offsetY = (box.height - spanY * scale) / 2;
  return flat.map(([x, y]) => [oneDecimal(offsetX + (x - minX) * scale), oneDecimal(offsetY + (y - minY) * scale)]);
}

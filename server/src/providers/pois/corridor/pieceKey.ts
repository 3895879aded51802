/** How a piece of the corridor is known among the kept answers: by its line (at about 10 m) and the radius asked around it. */
import { createHash } from 'node:crypto';
import type { LatLng } from '@caravan/shared';

export function pieceKey(points: readonly LatLng[], radiusMeters: number): string {
  const line = points.map(({ latitude, longitude }) => `${latitude.toFixed(4)},${longitude.toFixed(4)}`).join(';');
  return createHash('sha256').update(`${radiusMeters}|${line}`).digest('base64url');
}

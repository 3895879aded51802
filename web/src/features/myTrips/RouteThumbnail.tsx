/** A My Trips card's route thumbnail (docs/product.md#my-trips): an inline SVG of the trip's located stops, no network. */
import type { TTripPreview } from '@caravan/shared';
import { myTripsMessages } from './messages.ts';
import { projectRoute, THUMBNAIL_BOX } from './routeThumbnail.ts';

const { width, height } = THUMBNAIL_BOX;

export function RouteThumbnail({ title, route }: { title: string; route: TTripPreview['route'] }) {
  const points = projectRoute(route);
  const label = myTripsMessages.routeThumbnail(title, route.length);
  if (points.length === 0) {
    return (
      <div className="route-thumbnail route-thumbnail-empty" role="img" aria-label={label}>
        <span aria-hidden="true">{myTripsMessages.noRoute}</span>
      </div>
    );
  }
  const start = points[0];
  const end = points[points.length - 1];
  return (
    <svg className="route-thumbnail" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
      {points.length > 1 && <polyline className="route-thumbnail-line" points={points.map((point) => point.join(',')).join(' ')} />}
      {points.length > 1 && <circle className="route-thumbnail-end" cx={end[0]} cy={end[1]} r={3.5} />}
      <circle className="route-thumbnail-start" cx={start[0]} cy={start[1]} r={4} />
    </svg>
  );
}

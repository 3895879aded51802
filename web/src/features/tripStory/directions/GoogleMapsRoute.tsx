/**
 * 'Open route in Google Maps' (docs/product.md#itinerary), for everyone who sees the itinerary (it
 * only reads): Google Maps driving directions for the whole route in segments of at most 9 waypoints, and
 * one per planned day. A disclosure, so the links are there to pick from without a dialog.
 */
import { memo, useMemo } from 'react';
import { dayDirections, routeDirections, type DirectionsLink, type TTripStop } from '@caravan/shared';
import { tripViewMessages } from '../messages.ts';

const text = tripViewMessages;
const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

function RouteLink({ link, children }: { link: DirectionsLink; children: string }) {
  return (
    <li>
      <a href={link.url} target="_blank" rel="noopener noreferrer">
        {children}
        <span className="visually-hidden">{text.opensMaps}</span>
      </a>
    </li>
  );
}

export const GoogleMapsRoute = memo(function GoogleMapsRoute({ stops }: { stops: TTripStop[] }) {
  const route = useMemo(() => routeDirections(stops), [stops]);
  const days = useMemo(() => dayDirections(stops), [stops]);
  if (route.length === 0) return null;
  return (
    <details className="route-links no-print">
      <summary className="button small">{text.routeInGoogleMaps}</summary>
      <div className="route-links-body">
        <div>
          <h4>{text.wholeRoute}</h4>
          <ul>
            {route.map((link) => (
              <RouteLink key={link.url} link={link}>
                {text.routeStops(link.fromNumber, link.toNumber)}
              </RouteLink>
            ))}
          </ul>
        </div>
        {days.length > 0 && (
          <div>
            <h4>{text.byDay}</h4>
            <ul>
              {days.flatMap((day) =>
                day.links.map((link) => (
                  <RouteLink key={`${day.date}-${link.fromNumber}`} link={link}>
                    {text.routeDayStops(dayFormat.format(new Date(`${day.date}T00:00:00Z`)), link.fromNumber, link.toNumber)}
                  </RouteLink>
                )),
              )}
            </ul>
          </div>
        )}
      </div>
    </details>
  );
});

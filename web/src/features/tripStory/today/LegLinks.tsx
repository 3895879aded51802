/** Hand-off of the next leg to a navigation app: Google Maps directions from where the group is, Apple Maps, Waze, or the phone's own (geo:). */
import { directionsUrl, hasPosition, type TTripStop } from '@caravan/shared';
import { appleMapsUrl, geoUri, wazeUrl } from '../../../components/tripMap/navigationLinks.ts';
import { todayMessages as text } from './messages.ts';

export function LegLinks({ from, to }: { from: TTripStop | null; to: TTripStop }) {
  if (!hasPosition(to)) return null;
  const points = from && hasPosition(from) ? [from, to] : [to];
  const links = [
    { label: text.google, url: directionsUrl(points), newTab: true },
    { label: text.apple, url: appleMapsUrl(to), newTab: true },
    { label: text.waze, url: wazeUrl(to), newTab: true },
    { label: text.geo, url: geoUri(to), newTab: false },
  ];
  return (
    <nav className="today-links" aria-label={`${text.navigate} (${to.name})`}>
      <span className="hint">{text.navigate}</span>
      <ul>
        {links.map((link) => (
          <li key={link.label}>
            <a className="button small" href={link.url} {...(link.newTab && { target: '_blank', rel: 'noopener noreferrer' })}>
              {link.label}
              {link.newTab && <span className="visually-hidden">{text.opensNewTab}</span>}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

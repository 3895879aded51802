/**
 * 'Open in Google Maps', 'Open in Apple Maps', 'Open in Waze', and on a phone (a coarse pointer) 'Open in maps
 * app' through a `geo:` link: the ways a stop hands off to the app that drives there.
 */
import { useSyncExternalStore } from 'react';
import { mapMessages } from '../../lib/messages/mapMessages.ts';
import { googleMapsUrl, type LatLng } from './geo.ts';
import { appleMapsUrl, geoUri, wazeUrl } from './navigationLinks.ts';

const coarsePointer = '(pointer: coarse)';
const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(coarsePointer);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const isPhone = () => window.matchMedia(coarsePointer).matches;

interface Props extends LatLng {
  name: string;
  address?: string | null;
}

export function NavigationLinks(place: Props) {
  const phone = useSyncExternalStore(subscribe, isPhone, () => false);
  const links = [
    [mapMessages.openInGoogleMaps, googleMapsUrl(place)],
    [mapMessages.openInAppleMaps, appleMapsUrl(place)],
    [mapMessages.openInWaze, wazeUrl(place)],
  ] as const;
  return (
    <div className="navigation-links" role="group" aria-label={mapMessages.navigateTo(place.name)}>
      {links.map(([label, href]) => (
        <a key={label} className="button small" href={href} target="_blank" rel="noopener noreferrer">
          {label}
        </a>
      ))}
      {/* The phone's own chooser opens: no new tab for it. */}
      {phone && (
        <a className="button small" href={geoUri(place)}>
          {mapMessages.openInMapsApp}
        </a>
      )}
    </div>
  );
}

/**
 * Hand-off to a navigation app for a place (docs/product.md#map): Apple Maps and Waze start directions to its
 * coordinates; a `geo:` URI lets a phone pick whichever maps app it has. Coordinates, not names, so the app
 * drives to the pin the trip shows.
 */
import type { LatLng } from './geo.ts';

export const appleMapsUrl = ({ latitude, longitude }: LatLng) => `https://maps.apple.com/?daddr=${latitude},${longitude}`;

export const wazeUrl = ({ latitude, longitude }: LatLng) => `https://waze.com/ul?ll=${latitude},${longitude}&navigate=yes`;

/** RFC 5870 with Android's `q=lat,lng(label)` query, which phones show as the pin's name. */
export function geoUri({ latitude, longitude, name }: LatLng & { name: string }): string {
  // Parentheses would end the label early; the rest is percent-encoded as a URI query needs.
  const label = encodeURIComponent(name.replace(/[()]/g, ' ').trim());
  return `geo:${latitude},${longitude}?q=${latitude},${longitude}(${label})`;
}

/**
 * Coordinates a Google Maps link sometimes carries (Takeout writes links, not always coordinates):
 * `?q=lat,lng` or `query=lat,lng`, `@lat,lng,zoom` in a place or search link, or `!3dlat!4dlng` in its data
 * part. A link by place id alone (`?cid=…`, `ftid=…`) has none: the place is then found by name.
 */
import { fileNumber, validLatitude, validLongitude } from './importedPlace.ts';

const NUMBER = String.raw`-?\d{1,3}(?:\.\d+)?`;
const PATTERNS = [
  new RegExp(String.raw`[?&](?:q|query|ll|destination)=(${NUMBER}),\s*(${NUMBER})(?:&|$)`),
  new RegExp(String.raw`@(${NUMBER}),(${NUMBER})`),
  new RegExp(String.raw`!3d(${NUMBER})!4d(${NUMBER})`),
];

export function coordinatesInGoogleMapsUrl(url: unknown): { latitude: number; longitude: number } | null {
  if (typeof url !== 'string' || url.length > 4096) return null;
  let text = url;
  try {
    text = decodeURIComponent(url);
  } catch {
    // A malformed escape: read the link as it is.
  }
  for (const pattern of PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const latitude = fileNumber(match[1]);
    const longitude = fileNumber(match[2]);
    if (validLatitude(latitude) && validLongitude(longitude) && (latitude !== 0 || longitude !== 0)) return { latitude, longitude };
  }
  return null;
}

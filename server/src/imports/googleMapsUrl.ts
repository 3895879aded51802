/**
 * What a Google Maps link says of its place (Takeout writes links). The coordinates it sometimes carries:
 * `?q=lat,lng` or `query=lat,lng`, `@lat,lng,zoom` in a place or search link, or `!3dlat!4dlng` in its data
 * part. A link by place id alone (`?cid=…`, `ftid=…`) has none: the place is then found by name. And its name,
 * which Takeout leaves out of a place's own fields now and then: `/place/<name>/…`, `/search/<name>` or
 * `?q=<name>, <address>`.
 */
import { fileNumber, validLatitude, validLongitude } from './importedPlace.ts';

const NUMBER = String.raw`-?\d{1,3}(?:\.\d+)?`;
const PATTERNS = [
  new RegExp(String.raw`[?&](?:q|query|ll|destination)=(${NUMBER}),\s*(${NUMBER})(?:&|$)`),
  new RegExp(String.raw`@(${NUMBER}),(${NUMBER})`),
  new RegExp(String.raw`!3d(${NUMBER})!4d(${NUMBER})`),
];

/** The link as text, escapes and `+` read as what they stand for; null when it is not a plausible link. */
function decodedLink(url: unknown): string | null {
  if (typeof url !== 'string' || url.length > 4096) return null;
  const spaced = url.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    // A malformed escape: read the link as it is.
    return spaced;
  }
}

export function coordinatesInGoogleMapsUrl(url: unknown): { latitude: number; longitude: number } | null {
  const text = decodedLink(url);
  if (text === null) return null;
  for (const pattern of PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const latitude = fileNumber(match[1]);
    const longitude = fileNumber(match[2]);
    if (validLatitude(latitude) && validLongitude(longitude) && (latitude !== 0 || longitude !== 0)) return { latitude, longitude };
  }
  return null;
}

const NAME_PATTERNS = [/\/maps\/(?:place|search)\/([^/?#@]+)/, /[?&](?:q|query)=([^&#]+)/];

/** The place's name in the link (the part before the first comma: the rest is its address); null when it has none. */
export function nameInGoogleMapsUrl(url: unknown): string | null {
  const text = decodedLink(url);
  if (text === null) return null;
  for (const pattern of NAME_PATTERNS) {
    const name = pattern.exec(text)?.[1]?.split(',')[0].trim();
    // Coordinates in the name's place ("?q=37.76,-122.48") are no name.
    if (name && /\p{L}/u.test(name)) return name;
  }
  return null;
}

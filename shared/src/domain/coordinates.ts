/**
 * A position typed as text, in the forms people copy from maps and guidebooks: decimal degrees ("45.52, -122.68",
 * "45.52 -122.68", "45.52N 122.68W"), degrees and minutes ("45°31.2'N 122°41.0'W") and degrees, minutes and
 * seconds ("45°31'12\"N 122°41'0\"W", "N 45 31 12 W 122 41 0"). The whole text must be the position: a stop name
 * or an address that merely holds numbers ("Route 66", "10 Downing Street") is not one. Plain numbers without a
 * degree mark or a hemisphere need a decimal point each ("45, 122" could be anything). Latitude first unless the
 * hemispheres say otherwise. Kept here rather than in a package: the ones on npm accept minutes past 60 or
 * latitudes past 90, and the rules above are what a form should take.
 */
import type { LatLng } from './distance.ts';
import { hasPosition } from './position.ts';

type Token =
  | { kind: 'number'; value: number; signed: boolean; decimal: boolean }
  | { kind: 'mark'; unit: 0 | 1 | 2 }
  | { kind: 'hemisphere'; letter: 'N' | 'S' | 'E' | 'W' }
  | { kind: 'separator' };

const TOKEN = /\s*(?:([-+])?\s*(\d+(?:\.\d+)?|\.\d+)|([°'"])|(north|south|east|west|[nsew])(?![a-z])|([,;/]))/iy;

/** Unicode's many primes, degree signs and minus signs, as the three marks and the hyphen the tokens know. */
function normalise(text: string): string {
  return text
    .trim()
    .replace(/^geo:/i, '')
    .replace(/[º˚]/g, '°')
    .replace(/[″”“]|''|′′/g, '"')
    .replace(/[′’‘`´]/g, "'")
    .replace(/[−‒–—]/g, '-');
}

function tokenize(text: string): Token[] | null {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (!match || TOKEN.lastIndex === at) return /^\s*$/.test(text.slice(at)) ? tokens : null;
    const [, sign, number, mark, hemisphere] = match;
    if (number !== undefined) {
      const value = Number(number) * (sign === '-' ? -1 : 1);
      tokens.push({ kind: 'number', value, signed: sign !== undefined, decimal: number.includes('.') });
    } else if (mark) tokens.push({ kind: 'mark', unit: mark === '°' ? 0 : mark === "'" ? 1 : 2 });
    else if (hemisphere) tokens.push({ kind: 'hemisphere', letter: hemisphere[0].toUpperCase() as 'N' | 'S' | 'E' | 'W' });
    else tokens.push({ kind: 'separator' });
  }
  return tokens;
}

/** Where the first coordinate ends and the second begins, or null when the text does not say. */
function splitAt(tokens: Token[]): number | null {
  const separators = tokens.flatMap((token, index) => (token.kind === 'separator' ? [index] : []));
  if (separators.length > 1) return null;
  if (separators.length === 1) return separators[0];
  const hemispheres = tokens.flatMap((token, index) => (token.kind === 'hemisphere' ? [index] : []));
  if (hemispheres.length > 0) {
    // Leading letters ("N45 W122") start the second coordinate at the second letter; trailing ones end the first.
    if (hemispheres[0] === 0) return hemispheres[1] ?? null;
    return hemispheres[0] === tokens.length - 1 ? null : hemispheres[0] + 1;
  }
  const degrees = tokens.flatMap((token, index) => (token.kind === 'mark' && token.unit === 0 ? [index] : []));
  if (degrees.length === 2) return degrees[0] + 1 + tokens.slice(degrees[0] + 1, degrees[1]).findLastIndex((token) => token.kind === 'number');
  const numbers = tokens.flatMap((token, index) => (token.kind === 'number' ? [index] : []));
  return numbers.length === 2 && tokens.length === 2 ? 1 : null;
}

interface Coordinate {
  degrees: number;
  /** The axis its hemisphere letter names, if it has one. */
  axis: 'latitude' | 'longitude' | null;
  /** A degree mark or a hemisphere said it is a coordinate; plain decimals count only with a decimal point. */
  marked: boolean;
  decimal: boolean;
}

/** One coordinate: an optional hemisphere before or after, then degrees, minutes, seconds by their marks or in turn. */
function readCoordinate(tokens: Token[]): Coordinate | null {
  let rest = tokens;
  let hemisphere: 'N' | 'S' | 'E' | 'W' | null = null;
  const first = rest[0];
  const last = rest[rest.length - 1];
  if (first?.kind === 'hemisphere') [hemisphere, rest] = [first.letter, rest.slice(1)];
  else if (last?.kind === 'hemisphere') [hemisphere, rest] = [last.letter, rest.slice(0, -1)];
  const parts: Array<number | undefined> = [];
  let marked = hemisphere !== null;
  let nextUnit = 0;
  let signed = false;
  for (let index = 0; index < rest.length; index++) {
    const token = rest[index];
    if (token.kind !== 'number') return null;
    const mark = rest[index + 1]?.kind === 'mark' ? (rest[index + 1] as { unit: 0 | 1 | 2 }).unit : null;
    if (mark !== null) index += 1;
    const unit = mark ?? nextUnit;
    if (unit < nextUnit || unit > 2) return null;
    // Only the degrees carry a sign; minutes and seconds are below 60 and follow whole units.
    if (unit > 0 && (token.signed || token.value >= 60 || !Number.isInteger(parts[unit - 1] ?? 0))) return null;
    if (unit > 0 && parts[unit - 1] === undefined) return null;
    if (token.signed) signed = true;
    parts[unit] = token.value;
    marked ||= mark !== null;
    nextUnit = unit + 1;
  }
  const [degrees, minutes = 0, seconds = 0] = parts;
  if (degrees === undefined || (signed && hemisphere !== null)) return null;
  const sign = degrees < 0 || hemisphere === 'S' || hemisphere === 'W' ? -1 : 1;
  const single = rest.length === 1 && rest[0].kind === 'number';
  return {
    degrees: sign * (Math.abs(degrees) + minutes / 60 + seconds / 3600),
    axis: hemisphere === null ? null : hemisphere === 'N' || hemisphere === 'S' ? 'latitude' : 'longitude',
    marked,
    decimal: single && (rest[0] as { decimal: boolean }).decimal,
  };
}

const SIX_DECIMALS = 1e6;
const round = (degrees: number) => Math.round(degrees * SIX_DECIMALS) / SIX_DECIMALS;

/** A position to six decimals (about 10 cm): a map click or drop carries the pointer's full float precision. */
export const roundedPosition = ({ latitude, longitude }: LatLng): LatLng => ({ latitude: round(latitude), longitude: round(longitude) });

/** The position `text` states, to six decimals (about 10 cm), or null when the text is not just a position. */
export function parseCoordinates(text: string): LatLng | null {
  const tokens = tokenize(normalise(text));
  if (!tokens || tokens.length < 2) return null;
  const at = splitAt(tokens);
  if (at === null) return null;
  const afterSeparator = tokens[at]?.kind === 'separator' ? at + 1 : at;
  const one = readCoordinate(tokens.slice(0, at));
  const two = readCoordinate(tokens.slice(afterSeparator));
  if (!one || !two) return null;
  if (!one.marked && !two.marked && !(one.decimal && two.decimal)) return null;
  if (one.axis !== null && one.axis === two.axis) return null;
  const swapped = one.axis === 'longitude' || two.axis === 'latitude';
  const [latitude, longitude] = swapped ? [two.degrees, one.degrees] : [one.degrees, two.degrees];
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  const position = roundedPosition({ latitude, longitude });
  return hasPosition(position) ? position : null;
}

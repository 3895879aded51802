/**
 * The start of the XML exports (GPX, KML), built with xmlbuilder2 so every name and attribute is escaped by
 * the library. Characters XML 1.0 cannot hold at all (control characters a stop name may carry) are dropped
 * rather than making the file unreadable.
 */
import { create } from 'xmlbuilder2';

export const xmlDocument = () => create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '' });

/**
 * Coordinates at full precision as plain decimals. JavaScript prints degrees under 1e-6 (a place a few
 * centimetres off the equator or the prime meridian) in exponent notation ('4e-7'), which GPX's xsd:decimal
 * lat/lon and KML's coordinates do not allow; those are written with 20 decimals, trailing zeros dropped.
 */
export function degrees(value: number): string {
  const shortest = String(value);
  return shortest.includes('e') ? value.toFixed(20).replace(/\.?0+$/, '') : shortest;
}

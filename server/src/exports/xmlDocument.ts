/**
 * The start of the XML exports (GPX, KML), built with xmlbuilder2 so every name and attribute is escaped by
 * the library (text through xmlText, for its '&'). Characters XML 1.0 cannot hold at all (control
 * characters a stop name may carry) are dropped rather than making the file unreadable.
 */
import { create } from 'xmlbuilder2';

export const xmlDocument = () => create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '' });

/**
 * Text as written, for `.txt()`. xmlbuilder2 escapes '&' only where it does not already start something
 * shaped like an entity reference, so a note reading "&amp;" would come back as "&", and one holding
 * "&nbsp;" (pasted from a web page) would make the whole file unreadable (xmlbuilder2 issue #117). Every
 * '&' is written as "&amp;" here, which the library then leaves alone; '<' and '>' it escapes itself.
 */
export const xmlText = (value: string) => value.replace(/&/g, '&amp;');

/**
 * Coordinates at full precision as plain decimals. JavaScript prints degrees under 1e-6 (a place a few
 * centimetres off the equator or the prime meridian) in exponent notation ('4e-7'), which GPX's xsd:decimal
 * lat/lon and KML's coordinates do not allow; those are written with 20 decimals, trailing zeros dropped.
 */
export function degrees(value: number): string {
  const shortest = String(value);
  return shortest.includes('e') ? value.toFixed(20).replace(/\.?0+$/, '') : shortest;
}

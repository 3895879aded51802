/**
 * The start of the XML exports (GPX, KML), built with xmlbuilder2 so every name and attribute is escaped by
 * the library. Characters XML 1.0 cannot hold at all (control characters a stop name may carry) are dropped
 * rather than making the file unreadable.
 */
import { create } from 'xmlbuilder2';

export const xmlDocument = () => create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '' });

/** Coordinates as numbers print, full precision, never exponent notation for real-world degrees. */
export const degrees = (value: number) => String(value);

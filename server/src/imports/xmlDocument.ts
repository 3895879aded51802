/**
 * XML of an import file (GPX, KML) as a DOM for togeojson, read by xmldom. A DOCTYPE is refused before
 * parsing: no GPX or KML needs one, and it is where entity expansion ("billion laughs") and external
 * entities live. Any parse error refuses the file, naming the format it claimed to be.
 */
import { DOMParser, type Document } from '@xmldom/xmldom';
import { messages } from '@caravan/shared';
import { refuse } from './importedPlace.ts';

const m = messages.placeImport;

const DOCTYPE = /<!DOCTYPE|<!ENTITY/i;

export function parseXml(text: string, format: 'GPX' | 'KML'): Document {
  if (DOCTYPE.test(text)) throw refuse(m.doctypeRefused);
  const parser = new DOMParser({
    onError: (level) => {
      if (level !== 'warning') throw new Error('unreadable XML');
    },
  });
  try {
    return parser.parseFromString(text, 'text/xml');
  } catch {
    throw refuse(m.unreadableXml(format));
  }
}

/** The root element's local name, lowercased ("gpx", "kml"), or null when the text is not XML. */
export function xmlRootName(text: string): string | null {
  // Past the declaration, comments and processing instructions, the first element's name.
  const match = /^(?:\s*(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->))*\s*<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)/.exec(text.slice(0, 4096));
  return match ? match[2].toLowerCase() : null;
}

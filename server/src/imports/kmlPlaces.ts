/**
 * KML (Google My Maps, Google Earth): every placemark with a point, with the folder it sits in (a My Maps
 * layer), so the preview can filter by layer. Lines and shapes are not places and are skipped. Read by
 * togeojson's kmlWithFolders. A placemark's notes are its ExtendedData "notes" (where Caravan writes a
 * stop's notes, even empty, since its description is the plan), else its description (My Maps' and Google
 * Earth's text).
 */
import { kmlWithFolders, type F, type Folder } from '@tmcw/togeojson';
import type { Geometry, Position } from 'geojson';
import { isPlainObject, messages, type TImportedPlace } from '@caravan/shared';
import { KML_NOTES_DATA } from '../exports/caravanFileMarks.ts';
import { fileText, importedPlace, refuse, someFound, type ImportedFile } from './importedPlace.ts';
import { parseXml } from './xmlDocument.ts';
import { countXmlPlaces } from './xmlPlaceCount.ts';

const m = messages.placeImport;
const FOLDER_NAME_MAX_LENGTH = 200;

/**
 * A placemark's description as text. togeojson hands a CDATA description over as { "@type": "html", value };
 * My Maps writes line breaks in it as <br>. Notes are shown as text, so the tags are dropped, not rendered.
 */
function descriptionText(description: unknown): unknown {
  if (!isPlainObject(description) || typeof description.value !== 'string') return description;
  return description.value.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]*>/g, '');
}

/** A placemark's point: a Point, or the first Point of a MultiGeometry. */
function pointOf(geometry: Geometry | null): Position | null {
  if (!geometry) return null;
  if (geometry.type === 'Point') return geometry.coordinates;
  if (geometry.type === 'MultiPoint') return geometry.coordinates[0] ?? null;
  if (geometry.type === 'GeometryCollection') {
    for (const part of geometry.geometries) {
      const point = pointOf(part);
      if (point) return point;
    }
  }
  return null;
}

/** Walks the folder tree without recursion, so a file nesting folders ten thousand deep cannot exhaust the stack. */
function placemarks(children: Array<Folder | F>): Array<{ feature: F; folder: string | null }> {
  const found: Array<{ feature: F; folder: string | null }> = [];
  const pending = children.map((child) => ({ child, folder: null as string | null })).reverse();
  while (pending.length > 0) {
    const { child, folder } = pending.pop()!;
    if (child.type === 'folder') {
      const name = fileText(child.meta.name, FOLDER_NAME_MAX_LENGTH);
      const path = name ? (folder ? `${folder} / ${name}` : name) : folder;
      for (let at = child.children.length - 1; at >= 0; at--) pending.push({ child: child.children[at], folder: path });
    } else {
      found.push({ feature: child, folder });
    }
  }
  return found;
}

export function kmlPlaces(text: string, format: 'kml' | 'kmz' = 'kml'): ImportedFile {
  // A KMZ's document was counted as it inflated.
  if (format === 'kml') countXmlPlaces(text, 'KML');
  const doc = parseXml(text, 'KML');
  if (doc.documentElement?.localName !== 'kml') throw refuse(m.notKml);
  const places: TImportedPlace[] = [];
  for (const { feature, folder } of placemarks(kmlWithFolders(doc).children)) {
    const point = pointOf(feature.geometry);
    if (!point) continue;
    const properties = feature.properties ?? {};
    places.push(
      importedPlace({
        name: properties.name,
        address: properties.address,
        // togeojson lays ExtendedData's Data values among the properties, an empty one as ''.
        notes: KML_NOTES_DATA in properties ? properties[KML_NOTES_DATA] : descriptionText(properties.description),
        latitude: point[1],
        longitude: point[0],
        folder,
      }),
    );
  }
  return someFound({ format, places, notFound: [] });
}

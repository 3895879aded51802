/**
 * GeoJSON points, and Google Takeout's `Saved Places.json` (Maps → "Saved"), which is a GeoJSON
 * FeatureCollection whose properties hold the place: `Title`, `Location` { `Address`, `Business Name`,
 * `Geo Coordinates` } and `Google Maps URL` in older exports; `location` { `name`, `address` } and
 * `google_maps_url` in newer ones. Takeout writes [0, 0] for a saved place it has no coordinates for: its
 * link is read for them, and a place still without any is listed as not found. A place's notes are its
 * `notes` (Caravan's export; null there means none: its `description` is the plan), else its description.
 */
import type { TImportedPlace, TUnresolvedPlace } from '@caravan/shared';
import { isPlainObject, messages, STOP_NAME_MAX_LENGTH } from '@caravan/shared';
import { coordinatesInGoogleMapsUrl, nameInGoogleMapsUrl } from './googleMapsUrl.ts';
import { fileNumber, fileText, importedPlace, placeAddress, placeName, refuse, someFound, type ImportedFile } from './importedPlace.ts';

const m = messages.placeImport;

type Properties = Record<string, unknown>;
const objectOr = (value: unknown): Properties => (isPlainObject(value) ? value : {});

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw refuse(m.invalidJson);
  }
}

/** The features of a FeatureCollection, a single Feature, or a bare geometry. */
function featuresOf(json: unknown): Array<{ geometry: unknown; properties: Properties }> {
  if (!isPlainObject(json)) throw refuse(m.notGeoJson);
  if (json.type === 'FeatureCollection') {
    if (!Array.isArray(json.features)) throw refuse(m.notGeoJson);
    return json.features.map((feature) => ({ geometry: objectOr(feature).geometry, properties: objectOr(objectOr(feature).properties) }));
  }
  if (json.type === 'Feature') return [{ geometry: json.geometry, properties: objectOr(json.properties) }];
  if (typeof json.type === 'string' && 'coordinates' in json) return [{ geometry: json, properties: {} }];
  throw refuse(m.notGeoJson);
}

/** The positions of a Point or MultiPoint; other geometries hold no place. */
function pointsOf(geometry: unknown): unknown[][] {
  const { type, coordinates } = objectOr(geometry);
  if (!Array.isArray(coordinates)) return [];
  if (type === 'Point') return [coordinates];
  if (type === 'MultiPoint') return coordinates.filter(Array.isArray);
  return [];
}

const isTakeout = (properties: Properties) =>
  'Google Maps URL' in properties || 'google_maps_url' in properties || isPlainObject(properties.Location) || isPlainObject(properties.location);

/** A Takeout place's own fields, in either generation's spelling. */
function takeoutFields(properties: Properties) {
  const location = objectOr(properties.Location ?? properties.location);
  const coordinates = objectOr(location['Geo Coordinates']);
  const url = properties['Google Maps URL'] ?? properties.google_maps_url;
  const named = [properties.Title, location.name, location['Business Name']].find((name) => fileText(name, STOP_NAME_MAX_LENGTH) !== null);
  return {
    // A place saved without a title still has its name in its link.
    name: named ?? nameInGoogleMapsUrl(url),
    address: location.Address ?? location.address,
    url,
    latitude: fileNumber(coordinates.Latitude),
    longitude: fileNumber(coordinates.Longitude),
  };
}

export function geojsonPlaces(text: string): ImportedFile {
  const features = featuresOf(parseJson(text));
  const takeout = features.some(({ properties }) => isTakeout(properties));
  const places: TImportedPlace[] = [];
  const notFound: TUnresolvedPlace[] = [];
  for (const { geometry, properties } of features) {
    const fields = takeout ? takeoutFields(properties) : null;
    const name = fields?.name ?? properties.name ?? properties.Name ?? properties.title ?? properties.Title;
    const address = fields?.address ?? properties.address ?? properties.Address;
    const notes =
      'notes' in properties ? properties.notes : (properties.description ?? properties.Description ?? properties.Comment ?? properties.Note);
    for (const position of pointsOf(geometry)) {
      let [longitude, latitude] = position.map(fileNumber);
      if (fields && longitude === 0 && latitude === 0) {
        // Takeout's "no coordinates": its own fields or its link may have them.
        const fromUrl = coordinatesInGoogleMapsUrl(fields.url);
        latitude = fields.latitude ?? fromUrl?.latitude ?? null;
        longitude = fields.longitude ?? fromUrl?.longitude ?? null;
        if (latitude === null || longitude === null) {
          notFound.push({ name: placeName(name), address: placeAddress(address) });
          continue;
        }
      }
      places.push(importedPlace({ name, address, notes, latitude, longitude }));
    }
  }
  return someFound({ format: takeout ? 'takeout-json' : 'geojson', places, notFound });
}

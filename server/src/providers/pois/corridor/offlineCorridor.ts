/**
 * The corridor's places without a POI service (PROVIDERS=offline, no OVERPASS_URL): the offline places list answers
 * what it can, its sights; every piece counts as missing, since fuel, food or a bed cannot be known offline.
 */
import type { CorridorPlaces } from './corridorPlaces.ts';
import { loadOfflinePlaces } from '../offline.ts';

export function createOfflineCorridor(): CorridorPlaces {
  return {
    source: 'offline',
    async placesAlong(pieces, categories) {
      const sights = categories.includes('sight')
        ? loadOfflinePlaces().map(({ id, name, address, latitude, longitude, openingHours }) => ({
            id,
            name,
            category: 'sight' as const,
            address,
            latitude,
            longitude,
            ...(openingHours && { openingHours }),
          }))
        : [];
      return { places: sights, connection: 'offline', fetchedAt: null, missingPieces: pieces.map((_, index) => index) };
    },
  };
}

/**
 * Offline points of interest, the default when no Overpass server is configured: places.json, about
 * four hundred national parks, monuments, landmarks, museums and roadside attractions along classic
 * US road-trip routes. The project compiled the list by hand from public facts and dedicates it to
 * the public domain (CC0-1.0); coordinates are approximate, typically within a kilometre.
 */
import fs from 'node:fs';
import { POI_SEARCH_MAX_RESULTS, type TPoi } from '@caravan/shared';
import { haversineKm } from '@caravan/engine';
import type { PoiQuery, PoiSearch } from './poiSearch.ts';

interface PlacesFile {
  places: TPoi[];
}

let places: TPoi[] | undefined;

export function loadOfflinePlaces(): TPoi[] {
  places ??= (JSON.parse(fs.readFileSync(new URL('./places.json', import.meta.url), 'utf8')) as PlacesFile).places;
  return places;
}

/** Lowercase, accents off, punctuation as spaces: "Haleakalā" matches "haleakala", "O'Keeffe" "okeeffe". */
export function normaliseText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’ʻ]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Every word of the keyword appears in the name, category or address ("grand canyon", "museum chicago"). */
export function matchesKeyword(place: Pick<TPoi, 'name' | 'category' | 'address'>, keyword: string): boolean {
  const words = normaliseText(keyword).split(' ').filter(Boolean);
  if (words.length === 0) return false;
  const text = normaliseText(`${place.name} ${place.category} ${place.address}`);
  return words.every((word) => text.includes(word));
}

export function matchesCategory(place: Pick<TPoi, 'category'>, category: string | undefined): boolean {
  return !category?.trim() || normaliseText(place.category) === normaliseText(category);
}

/** Places within the radius, nearest first, at most POI_SEARCH_MAX_RESULTS. */
export function nearestFirst(candidates: Iterable<TPoi>, query: PoiQuery): TPoi[] {
  const centre = { latitude: query.latitude, longitude: query.longitude };
  const found: Array<{ place: TPoi; km: number }> = [];
  for (const place of candidates) {
    const km = haversineKm(centre, place);
    if (km <= query.radiusKm) found.push({ place, km });
  }
  return found
    .sort((a, b) => a.km - b.km)
    .slice(0, POI_SEARCH_MAX_RESULTS)
    .map(({ place }) => place);
}

export function searchOfflinePlaces(candidates: ReadonlyArray<TPoi>, query: PoiQuery): TPoi[] {
  return nearestFirst(
    candidates.filter((place) => matchesKeyword(place, query.keyword) && matchesCategory(place, query.category)),
    query,
  );
}

export function createOfflinePoiSearch(): PoiSearch {
  return {
    source: 'offline',
    async search(query: PoiQuery) {
      return searchOfflinePlaces(loadOfflinePlaces(), query);
    },
  };
}

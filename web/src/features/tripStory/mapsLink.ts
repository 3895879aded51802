/** A Google Maps search for a place, opened in a new tab (docs/product.md#story). */
import { hasPosition } from '@caravan/shared';

export function mapsSearchUrl(place: { name: string; address?: string | null; latitude?: number; longitude?: number }): string {
  const query = place.address ? `${place.name}, ${place.address}` : hasPosition(place) ? `${place.latitude},${place.longitude}` : place.name;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

export function openInNewTab(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** Where browsers load a stored photo (`/_api/photos/{id}`), and the way back from such a URL to the photo's id. */
export const photoUrl = (photoId: string) => `/_api/photos/${photoId}`;

const PHOTO_URL = /^\/_api\/photos\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The photo id in one of our photo URLs, or null for anything else (an external URL, a data URL). */
export function photoIdFromUrl(url: string): string | null {
  return PHOTO_URL.exec(url)?.[1].toLowerCase() ?? null;
}

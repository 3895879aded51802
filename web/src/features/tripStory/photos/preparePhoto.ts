/**
 * Turns a chosen file into what the journal and background calls take, a data URL (docs/product.md#journal): images
 * only, at most 5 MB each; anything over 1920 px on its longer side is scaled down and re-encoded as JPEG
 * at quality 0.85. Smaller images go up as they are.
 */
import { useToastStore } from '../../../lib/toastStore.ts';

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_MAX_DIMENSION = 1920;
export const PHOTO_JPEG_QUALITY = 0.85;

export type PreparedPhoto = { ok: true; dataUrl: string } | { ok: false; reason: 'not-an-image' | 'too-large' | 'unreadable' };

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/** The size an image of width × height gets: the longer side at most `max`, proportions kept. */
export function scaledSize(width: number, height: number, max: number = PHOTO_MAX_DIMENSION): { width: number; height: number } {
  const longer = Math.max(width, height);
  if (longer <= max) return { width, height };
  const scale = max / longer;
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  if (!file.type.startsWith('image/')) return { ok: false, reason: 'not-an-image' };
  if (file.size > PHOTO_MAX_BYTES) return { ok: false, reason: 'too-large' };
  try {
    const bitmap = await createImageBitmap(file);
    const target = scaledSize(bitmap.width, bitmap.height);
    if (target.width === bitmap.width && target.height === bitmap.height) {
      bitmap.close();
      return { ok: true, dataUrl: await readAsDataUrl(file) };
    }
    const canvas = document.createElement('canvas');
    canvas.width = target.width;
    canvas.height = target.height;
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, target.width, target.height);
    bitmap.close();
    return { ok: true, dataUrl: canvas.toDataURL('image/jpeg', PHOTO_JPEG_QUALITY) };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}

/** Prepares files in order; each refused file is reported as the app's error toast and left out. */
export async function preparePhotos(files: Iterable<File>, messages: Record<'not-an-image' | 'too-large' | 'unreadable', (name: string) => string>): Promise<string[]> {
  const prepared: string[] = [];
  for (const file of files) {
    const result = await preparePhoto(file);
    if (result.ok) prepared.push(result.dataUrl);
    else useToastStore.getState().show(messages[result.reason](file.name), 'error');
  }
  return prepared;
}

/**
 * Turns an uploaded `data:image/...;base64,` string into the JPEG we keep: the real type is read from
 * the magic bytes (the declared mime is the client's word, nothing more), size and pixel count are
 * bounded before any pixel is decoded, then sharp orients it by EXIF, drops every metadata block
 * (GPS included), fits it in 1920 px and re-encodes at quality 85.
 */
import sharp from 'sharp';
import { messages } from '@caravan/shared';
import { AppError } from '@caravan/engine';

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const MAX_PHOTO_PIXELS = 40_000_000;
export const MAX_PHOTO_DIMENSION = 1920;
export const PHOTO_JPEG_QUALITY = 85;

export type SourceImageType = 'jpeg' | 'png' | 'webp' | 'gif';

export interface ProcessedImage {
  bytes: Buffer;
  contentType: 'image/jpeg';
  width: number;
  height: number;
}

const DATA_URL_PREFIX = /^data:image\/[a-z0-9.+-]+(?:;[a-z0-9.+-]+=[^;,]*)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Which of the accepted formats the bytes are, by their signature; null for anything else (SVG, text, HEIC...). */
export function detectImageType(bytes: Buffer): SourceImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (bytes.length >= 6 && ['GIF87a', 'GIF89a'].includes(bytes.toString('latin1', 0, 6))) return 'gif';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return null;
}

/** Decodes the data URL's payload, refusing what is not base64 and what would decode past the size limit. */
export function decodeImageDataUrl(dataUrl: unknown): Buffer {
  const prefix = typeof dataUrl === 'string' ? DATA_URL_PREFIX.exec(dataUrl.slice(0, 256)) : null;
  if (!prefix) throw new AppError('validation', messages.photos.invalidDataUrl);
  const payload = (dataUrl as string).slice(prefix[0].length);
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  // Judge the size from the length first: no need to decode (or even scan) 30 MB to refuse it.
  if ((payload.length / 4) * 3 - padding > MAX_PHOTO_BYTES) throw new AppError('too_large', messages.photos.tooLarge);
  if (payload.length === 0 || payload.length % 4 !== 0 || !BASE64.test(payload)) {
    throw new AppError('validation', messages.photos.invalidDataUrl);
  }
  return Buffer.from(payload, 'base64');
}

export async function processImageDataUrl(dataUrl: unknown): Promise<ProcessedImage> {
  return processImageBytes(decodeImageDataUrl(dataUrl));
}

export async function processImageBytes(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length > MAX_PHOTO_BYTES) throw new AppError('too_large', messages.photos.tooLarge);
  if (!detectImageType(bytes)) throw new AppError('validation', messages.photos.unsupportedType);

  const options = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' } as const;
  // Header only: a small file can declare a huge canvas, and that must be refused before decoding it.
  const metadata = await sharp(bytes, { ...options, limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new AppError('validation', messages.photos.unreadable);
    });
  if (!metadata.width || !metadata.height) throw new AppError('validation', messages.photos.unreadable);
  if (metadata.width * metadata.height > MAX_PHOTO_PIXELS) {
    throw new AppError('too_large', messages.photos.dimensionsTooLarge);
  }

  try {
    const { data, info } = await sharp(bytes, options)
      .autoOrient()
      .resize({ width: MAX_PHOTO_DIMENSION, height: MAX_PHOTO_DIMENSION, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: PHOTO_JPEG_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: 'image/jpeg', width: info.width, height: info.height };
  } catch {
    throw new AppError('validation', messages.photos.unreadable);
  }
}

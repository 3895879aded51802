import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { messages } from '@caravan/shared';
import { AppError } from '@caravan/engine';
import { detectImageType, processImageDataUrl } from './imageProcessor.ts';

const dataUrl = (bytes: Buffer, declared: string) => `data:${declared};base64,${bytes.toString('base64')}`;

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } });

/** The EXIF block carries a GPS IFD (tag 0x8825 in IFD0), in either byte order. */
const hasGpsIfd = (exif: Buffer | undefined) =>
  !!exif && (exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25])));

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('processImageDataUrl', () => {
  it('trusts the bytes, not the declared type: a PNG declared as image/jpeg comes out a JPEG', async () => {
    const png = await solid(64, 48).png().toBuffer();
    expect(detectImageType(png)).toBe('png');

    const image = await processImageDataUrl(dataUrl(png, 'image/jpeg'));

    expect(image.contentType).toBe('image/jpeg');
    expect(detectImageType(image.bytes)).toBe('jpeg');
    expect(await sharp(image.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
  });

  it.each([
    ['webp', () => solid(30, 20).webp().toBuffer()],
    ['gif', () => solid(30, 20).gif().toBuffer()],
    ['jpeg', () => solid(30, 20).jpeg().toBuffer()],
  ])('accepts %s and re-encodes it as JPEG', async (type, make) => {
    const bytes = await make();
    expect(detectImageType(bytes)).toBe(type);
    const image = await processImageDataUrl(dataUrl(bytes, `image/${type}`));
    expect({ format: (await sharp(image.bytes).metadata()).format, width: image.width, height: image.height }).toEqual({
      format: 'jpeg',
      width: 30,
      height: 20,
    });
  });

  it('refuses a text file declared as image/png with 400 "Unsupported image type"', async () => {
    const error = await refusal(processImageDataUrl(dataUrl(Buffer.from('just some notes, not a picture\n'), 'image/png')));
    expect(error.status).toBe(400);
    expect(error.message).toBe(messages.photos.unsupportedType);
  });

  it('refuses an SVG, even one declared as image/svg+xml', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    for (const declared of ['image/svg+xml', 'image/png']) {
      const error = await refusal(processImageDataUrl(dataUrl(svg, declared)));
      expect(error.status).toBe(400);
      expect(error.message).toBe(messages.photos.unsupportedType);
    }
  });

  it.each([
    ['not a data URL', 'https://example.com/photo.jpg'],
    ['not an image data URL', 'data:text/plain;base64,aGVsbG8='],
    ['not base64', 'data:image/png;base64,@@@@'],
    ['empty', 'data:image/png;base64,'],
    ['not a string', 42],
  ])('refuses %s with its message', async (_label, value) => {
    const error = await refusal(processImageDataUrl(value));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Must be a valid image data URL');
  });

  it('refuses an image with valid magic bytes but broken content', async () => {
    const png = await solid(64, 48).png().toBuffer();
    const error = await refusal(processImageDataUrl(dataUrl(png.subarray(0, 40), 'image/png')));
    expect(error.status).toBe(400);
  });

  it('strips EXIF, GPS included, and applies the EXIF orientation first', async () => {
    const withGps = await solid(40, 20)
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2958/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 40/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(withGps).metadata();
    expect(hasGpsIfd(before.exif)).toBe(true);
    expect(before.orientation).toBe(6);

    const image = await processImageDataUrl(dataUrl(withGps, 'image/jpeg'));

    const after = await sharp(image.bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    // Orientation 6 is a quarter turn: the stored picture is upright, 20 wide and 40 high.
    expect([after.width, after.height, image.width, image.height]).toEqual([20, 40, 20, 40]);
  });

  it('scales 3000×2000 down to 1920×1280 and never enlarges a small image', async () => {
    const big = await processImageDataUrl(dataUrl(await solid(3000, 2000).jpeg().toBuffer(), 'image/jpeg'));
    expect([big.width, big.height]).toEqual([1920, 1280]);
    expect(await sharp(big.bytes).metadata()).toMatchObject({ width: 1920, height: 1280 });

    const portrait = await processImageDataUrl(dataUrl(await solid(1000, 2500).png().toBuffer(), 'image/png'));
    expect([portrait.width, portrait.height]).toEqual([768, 1920]);

    const small = await processImageDataUrl(dataUrl(await solid(300, 200).png().toBuffer(), 'image/png'));
    expect([small.width, small.height]).toEqual([300, 200]);
  });

  it('encodes at JPEG quality 85', async () => {
    const source = await sharp(randomBytes(400 * 300 * 3), { raw: { width: 400, height: 300, channels: 3 } }).png().toBuffer();
    const image = await processImageDataUrl(dataUrl(source, 'image/png'));
    const at85 = await sharp(source).jpeg({ quality: 85 }).toBuffer();
    const at95 = await sharp(source).jpeg({ quality: 95 }).toBuffer();
    expect(image.bytes.length).toBe(at85.length);
    expect(image.bytes.length).toBeLessThan(at95.length);
  });

  it('refuses a file over 5 MB with 413 "Image is too large (max 5MB)"', async () => {
    // Noise does not compress: a real 1400×1400 PNG of about 5.9 MB.
    const noise = await sharp(randomBytes(1400 * 1400 * 3), { raw: { width: 1400, height: 1400, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(5 * 1024 * 1024);

    const error = await refusal(processImageDataUrl(dataUrl(noise, 'image/png')));
    expect(error.status).toBe(413);
    expect(error.message).toBe(messages.photos.tooLarge);
  });

  it('accepts a file of exactly 5 MB', async () => {
    const jpeg = await solid(50, 50).jpeg().toBuffer();
    // Bytes after the end-of-image marker are ignored by decoders: pad to the limit.
    const padded = Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024 - jpeg.length)]);
    const image = await processImageDataUrl(dataUrl(padded, 'image/jpeg'));
    expect([image.width, image.height]).toEqual([50, 50]);
  });

  it('refuses more than 40 megapixels from the header, before decoding the pixels', async () => {
    const huge = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(huge.length).toBeLessThan(5 * 1024 * 1024);

    const error = await refusal(processImageDataUrl(dataUrl(huge, 'image/png')));
    expect(error.status).toBe(413);
    expect(error.message).toBe(messages.photos.dimensionsTooLarge);
  });
});

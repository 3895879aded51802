/** The trip's background image (docs/product.md#journal): /_api/trips/hero-image. */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { tripId, requestObject } from './common.ts';
import { isImageDataUrl } from './journal.ts';

export const ZHeroImageRequest = requestObject({
  tripId: tripId(),
  heroImage: z.string({ error: messages.photos.invalidDataUrl }).refine(isImageDataUrl, messages.photos.invalidDataUrl),
});

/** heroImage: the stored image's `/_api/photos/{id}` URL, also mirrored into the trip document's meta. */
export const ZHeroImageResponse = z.object({ heroImage: z.string() });

export type THeroImageRequest = z.infer<typeof ZHeroImageRequest>;
export type THeroImageResponse = z.infer<typeof ZHeroImageResponse>;

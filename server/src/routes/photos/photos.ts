/**
 * GET /_api/photos/:id — the bytes of a stored photo, to members of its trip, or to anyone while the
 * trip is public. Everyone else (and any malformed id) gets the same 404 as a photo that never existed.
 */
import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { messages } from '@caravan/shared';
import { AppError, PhotoEntity, type User } from '@caravan/engine';
import { extensionByContentType } from '../../providers/blobStore/blobStore.ts';
import type { AppDeps, AppState } from '../../types.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A photo id is a uuid nobody can guess, but it outlives sharing and memberships, so every request is
 * checked again. `private` even for public trips: a trip can go private, and a shared cache would keep
 * serving its photos; the browser's own cache is the one worth filling.
 */
const CACHE_CONTROL = 'private, max-age=31536000, immutable';

/** The photo's storage key when the caller may see it: access written as the query's filter. */
async function findVisiblePhoto(dataSource: DataSource, photoId: string, user: User | undefined) {
  return dataSource
    .getRepository(PhotoEntity)
    .createQueryBuilder('photo')
    .select(['photo.id', 'photo.storageKey', 'photo.contentType'])
    .innerJoin('trips', 'trip', 'trip.id = photo.trip_id')
    .where('photo.id = :photoId', { photoId })
    .andWhere(
      `(trip.is_public OR EXISTS (
         SELECT 1 FROM trip_members member WHERE member.trip_id = trip.id AND member.user_id = :userId))`,
      { userId: user?.id ?? null },
    )
    .getOne();
}

export function photoRoutes({ dataSource, blobStore }: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/photos' });

  router.get('/:id', async (ctx) => {
    const photoId = ctx.params.id;
    if (!UUID.test(photoId)) throw new AppError('not_found', messages.common.notFound);
    const photo = await findVisiblePhoto(dataSource, photoId.toLowerCase(), ctx.state.user);
    if (!photo) throw new AppError('not_found', messages.common.notFound);
    const blob = await blobStore.get(photo.storageKey);
    if (!blob) {
      ctx.state.log.warn({ photoId, storageKey: photo.storageKey }, 'photo row without its blob');
      throw new AppError('not_found', messages.common.notFound);
    }
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', CACHE_CONTROL);
    ctx.set('Content-Disposition', 'inline');
    // The store's word on the type, as long as it is one we store; the row's otherwise.
    ctx.type = extensionByContentType[blob.contentType] ? blob.contentType : photo.contentType;
    ctx.body = blob.bytes;
  });

  return router;
}

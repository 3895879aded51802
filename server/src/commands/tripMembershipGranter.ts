/** Gives a user a role on a trip (administrators' Trip Access); an existing membership takes the new role. The owner stays the only owner. */
import type { DataSource } from 'typeorm';
import { messages, type TTripRole, isOwner } from '@caravan/shared';
import { AppError, TripEntity, type TripMember, TripMemberEntity, UserEntity } from '@caravan/engine';

export async function tripMembershipGranter(
  dataSource: DataSource,
  params: { userId: number; tripId: string; role: TTripRole },
): Promise<TripMember> {
  const [user, trip] = await Promise.all([
    dataSource.getRepository(UserEntity).findOneBy({ id: params.userId }),
    dataSource.getRepository(TripEntity).findOneBy({ id: params.tripId }),
  ]);
  if (!user) throw new AppError('not_found', messages.admin.userNotFound);
  if (!trip) throw new AppError('not_found', messages.admin.tripNotFound);
  if (trip.ownerId === params.userId && !isOwner(params.role)) {
    throw new AppError('conflict', messages.admin.cannotDemoteOwner);
  }
  // A second owner could delete the trip from under the first; handing a trip over is not this call's job.
  if (trip.ownerId !== params.userId && isOwner(params.role)) {
    throw new AppError('conflict', messages.admin.onlyOneOwner);
  }
  await dataSource.getRepository(TripMemberEntity).upsert(params, ['tripId', 'userId']);
  return { ...params, createdAt: new Date() };
}

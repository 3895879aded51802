/** Shared costs for answers: the overview read from the caught-up trip document, and members' names. */
import type { DataSource } from 'typeorm';
import { costsOverview, messages, readMoney, type TCostsOverview } from '@caravan/shared';
import type { TripDocHub } from '@caravan/engine';
import { memberListQuery } from './memberList.ts';

/** Caught up with every process's commits, as a REST read must be. */
export const costsOverviewQuery = (tripDocs: TripDocHub, tripId: string): Promise<TCostsOverview> =>
  tripDocs.read(tripId, ({ doc }) => costsOverview(readMoney(doc)));

/** A member's name by user id; "Former member" for one who left (their expenses stay). */
export async function memberNames(dataSource: DataSource, tripId: string): Promise<(userId: number) => string> {
  const names = new Map((await memberListQuery(dataSource, tripId)).map((member) => [member.userId, member.displayName]));
  return (userId) => names.get(userId) ?? messages.collaboration.formerMember;
}

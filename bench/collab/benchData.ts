/** bench:collab's data in PostgreSQL: users, seeded trips and session cookies, made through the product's own code. */
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { addStop, orderedStops } from '@caravan/shared';
import { serverOrigin, type TripDocHub, type User, UserEntity } from '@caravan/engine';
import { addMember, buildTrip, buildUser, sessionCookieFor } from '@caravan/server/test';
import { random } from './client.ts';
import { STOPS_PER_TRIP } from './options.ts';

export class BenchData {
  readonly users: User[] = [];

  constructor(
    readonly dataSource: DataSource,
    readonly hub: TripDocHub,
  ) {}

  /** Users are cloned from one registered through the product (argon2 once, not 1000 times). */
  async ensureUsers(count: number): Promise<void> {
    const { users } = this;
    if (!users.length) users.push(await buildUser(this.dataSource, { displayName: 'Bench Owner' }));
    const repository = this.dataSource.getRepository(UserEntity);
    while (users.length < count) {
      const batch = Array.from({ length: Math.min(200, count - users.length) }, (_, at) => ({
        email: `bench-${users.length + at}-${randomUUID().slice(0, 8)}@example.com`,
        displayName: `Traveller ${users.length + at}`,
        passwordHash: users[0].passwordHash,
        role: 'user' as const,
        status: 'active' as const,
      }));
      const inserted = await repository.insert(batch);
      for (const [at, row] of batch.entries()) users.push({ ...row, id: inserted.identifiers[at].id, avatarUrl: null } as User);
    }
  }

  /** A trip owned by `members[0]`, the others editors, with STOPS_PER_TRIP stops added through the server's write path. */
  seedTrip = async (members: User[]): Promise<string> => {
    const trip = await buildTrip(this.dataSource, members[0]);
    for (const member of members.slice(1)) await addMember(this.dataSource, trip, member, 'editor');
    const next = random(trip.id.charCodeAt(0) * 31 + members.length);
    await this.hub.write(trip.id, serverOrigin(members[0].id), ({ doc, transact }) =>
      transact(() => {
        for (let stop = orderedStops(doc).length; stop < STOPS_PER_TRIP; stop++) {
          addStop(doc, randomUUID(), { name: `Stop ${stop + 1}`, latitude: 30 + next() * 15, longitude: -120 + next() * 40 });
        }
      }),
    );
    this.hub.unload(trip.id);
    return trip.id;
  };

  cookieFor = (user: User) => sessionCookieFor(this.dataSource, user);
}

/** Runs `work` over `items`, at most `limit` at a time, answers in the items' order. */
export async function inParallel<T, R>(items: T[], limit: number, work: (item: T, at: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const at = next++;
        out[at] = await work(items[at], at);
      }
    }),
  );
  return out;
}

/**
 * The authorization matrix, run in parts (authorizationMatrix.<part>.test.ts, matrixParts): every call of the trip detail API (docs/product.md#roles) as every kind of caller, on a trip of their own and on
 * someone else's, private and public: the status the trip roles imply (docs/product.md#roles), and where the
 * call is refused, not one row of the trips' data changed (nor a stored file). Allowed writes must change
 * something, so a cell cannot pass by doing nothing. Then mass assignment: fields a call does not take
 * are refused by its strict schema.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ZAddExpenseRequest, callNamed, messages, requestFields } from '@caravan/shared';
import { UserEntity, type Trip, type User } from '@caravan/engine';
import { calendarFeedCreator } from '../../commands/calendarFeedCreator.ts';
import { calendarFeedRevoker } from '../../commands/calendarFeedRevoker.ts';
import { pollCreator } from '../../commands/pollCreator.ts';
import { checklistCreator } from '../../commands/checklistLists.ts';
import { checklistItemAdder } from '../../commands/checklistItems.ts';
import { suggestionCreator } from '../../commands/suggestionCreator.ts';
import { expenseWriter } from '../../commands/costs/expenseWriter.ts';
import { tripVersionTaker } from '../../commands/tripVersionTaker.ts';
import { paymentRecorder } from '../../commands/costs/paymentWriter.ts';
import { addMember, buildTrip, buildUser } from '../../test/factories.ts';
import { addJournalEntry, newStops as addedStops, pngDataUrl } from '../../test/tripDetailFixtures.ts';
import { tripSnapshot } from '../../test/tripSnapshot.ts';
import { useTestServer } from '../../test/useTestServer.ts';
import {
  actors,
  isPublicKey,
  matrixRules,
  roleIn,
  signedIn,
  tripKeys,
  type Actor,
  type Call,
  type Cell,
  type MatrixPart,
  matrixParts,
  type MatrixCallName,
  type TripKey,
  type World,
} from './authorizationMatrix.world.ts';

/** The part's calls as every caller on every trip, and its mass-assignment checks; each part builds a world of its own. */
export function describeAuthorizationMatrix(part: MatrixPart): void {
  const inPart = matrixParts[part];
  const t = useTestServer();
  const db = () => t.server.deps.dataSource;

  let world: World;

  const newStops = (trip: Trip, count: number) => addedStops(t.server.deps, trip, count);

  async function newEntry(trip: Trip): Promise<string> {
    const [stopId] = await newStops(trip, 1);
    const entry = await addJournalEntry(t.server.deps, {
      trip,
      stopId,
      authorId: trip.ownerId,
      content: 'Before',
      entryDate: new Date('2026-06-01T00:00:00Z'),
      photos: 1,
    });
    return entry.id;
  }

  /** A pending suggestion and an open poll of the trip owner's, written as their calls write them. */
  const newSuggestion = async (trip: Trip) =>
    suggestionCreator(t.server.deps.tripDocs, world.users.owner, { tripId: trip.id, name: 'Big Sur', address: null, notes: null, latitude: null, longitude: null });
  const newPoll = async (trip: Trip) =>
    (await pollCreator(t.server.deps.tripDocs, await ownerOf(trip), 'owner', { tripId: trip.id, question: 'Which beach?', options: ['North', 'South'], multiple: false, closesAt: null })).id;

  /** The trip owner's list, and an item on it, written as their calls write them. */
  const newList = async (trip: Trip) => (await checklistCreator(t.server.deps.tripDocs, await ownerOf(trip), 'owner', { tripId: trip.id, title: 'Packing' })).id;
  const newItem = async (trip: Trip) =>
    (
      await checklistItemAdder(t.server.deps.tripDocs, await ownerOf(trip), 'owner', {
        tripId: trip.id,
        listId: await newList(trip),
        text: 'Pack the tent',
        assignee: null,
        dueDate: null,
      })
    ).id;

  /** A version of the trip with a stop added since the one before, taken as the owner's call takes it. */
  async function newVersion(trip: Trip): Promise<string> {
    await newStops(trip, 1);
    return (await tripVersionTaker(db(), { tripId: trip.id, kind: 'named', name: 'Coast' })).id.toString();
  }

  async function tripRow(trip: Trip): Promise<{ isPublic: boolean; routeMode: boolean; shareToken: string | null }> {
    const [row] = await db().query(`SELECT is_public AS "isPublic", route_mode AS "routeMode", share_token AS "shareToken" FROM trips WHERE id = $1`, [
      trip.id,
    ]);
    return row;
  }

  /** Who an expense or payment of a cell is by: the caller where they are a member (their own), else the trip's owner. */
  const payerIn = ({ actor, tripKey, trip }: Cell) => (roleIn(actor, tripKey) && actor !== 'anonymous' ? world.users[actor].id : trip.ownerId);
  const expenseBy = (paidBy: number) => ({
    description: 'Fuel',
    amount: 4200,
    currency: 'EUR',
    paidBy,
    date: '2026-07-01',
    category: 'fuel',
    split: { kind: 'equal', parts: [{ userId: paidBy, value: 1 }] },
  });
  /** A payment the payer makes to the owner (or the owner to the editor). */
  const paymentBy = (from: number, ownerId: number) => ({
    from,
    to: from === ownerId ? world.users.editor.id : ownerId,
    amount: 100,
    currency: 'EUR',
    date: '2026-07-02',
  });
  const ownerOf = (trip: Trip) => db().getRepository(UserEntity).findOneByOrFail({ id: trip.ownerId });
  async function preparedExpense(cell: Cell): Promise<string> {
    const entry = ZAddExpenseRequest.parse({ tripId: cell.trip.id, ...expenseBy(payerIn(cell)) });
    return (await expenseWriter(t.server.deps, await ownerOf(cell.trip), 'owner', entry)).id;
  }

  /** Everything the calls could change, for every trip of the world. */
  const snapshot = () => tripSnapshot(t.server.deps, Object.values(world.trips).map((trip) => trip.id));


  let startDay = 0;

  /** What each call of the matrix is sent, and how the world is put back after it where later cells need that. */
  const bodies: Record<MatrixCallName, Pick<Call, 'body' | 'restore'>> = {
    'trips.details': { body: async ({ trip }) => ({ tripId: trip.id }) },
    'stops.add': {
      body: async ({ trip }) => ({ tripId: trip.id, name: 'Bixby Bridge', address: 'Big Sur, CA', latitude: 36.37, longitude: -121.9, notes: 'Pull-out north side' }),
    },
    'stops.reorder': {
      body: async ({ trip }) => {
        const [last] = await newStops(trip, 1);
        return { tripId: trip.id, stopId: last, newOrder: 0 };
      },
    },
    'stops.delete': { body: async ({ trip }) => ({ tripId: trip.id, stopId: (await newStops(trip, 1))[0] }) },
    'stops.toggleVisited': { body: async ({ trip }) => ({ tripId: trip.id, stopId: (await newStops(trip, 1))[0] }) },
    'stops.updateDetails': {
      body: async ({ trip }) => ({ tripId: trip.id, stopId: (await newStops(trip, 1))[0], name: 'Bixby Creek Bridge', latitude: 36.37, longitude: -121.9 }),
    },
    'stops.updatePlan': {
      body: async ({ trip }) => ({
        tripId: trip.id,
        stopId: (await newStops(trip, 1))[0],
        kind: 'lodging',
        stayMinutes: 30,
        overnight: true,
        lodging: { name: 'Big Sur Lodge', address: null, checkIn: '16:00', checkOut: '11:00', confirmation: 'BSL-22', url: null, price: null, nights: 1 },
      }),
    },
    'stops.updateProgress': {
      body: async ({ trip }) => ({ tripId: trip.id, stopId: (await newStops(trip, 1))[0], arrivedAt: '2026-06-01T10:45:00-06:00', delayMinutes: 30 }),
    },
    'stops.updateContent': {
      body: async ({ trip }) => ({
        tripId: trip.id,
        stopId: (await newStops(trip, 1))[0],
        journalContent: 'Legacy notes',
        photos: [world.heroImage],
      }),
    },
    'stops.updatePlannedDate': {
      body: async ({ trip }) => ({ tripId: trip.id, stopId: (await newStops(trip, 1))[0], plannedArrivalDate: '2026-07-04', autoScheduled: false }),
    },
    'stops.autoSchedule': {
      body: async ({ trip }) => {
        await newStops(trip, 1);
        startDay = (startDay % 27) + 1;
        return { tripId: trip.id, startDate: `2026-08-${String(startDay).padStart(2, '0')}`, defaultStayDurationDays: 1 };
      },
    },
    'stops.calculateTravelTime': {
      body: async ({ trip }) => {
        // Consecutive stops already hold their leg's minutes (the server derives them), so the call would
        // write nothing new: it asks past the stop between.
        const [fromStopId, , toStopId] = await newStops(trip, 3);
        return { tripId: trip.id, fromStopId, toStopId };
      },
    },
    'stops.optimiseRoute': {
      body: async ({ trip }) => {
        const [pinned] = await newStops(trip, 3);
        return { tripId: trip.id, endAtLast: true, pinnedStopIds: [pinned] };
      },
    },
    'stops.planDays': {
      body: async ({ trip }) => {
        const [pinned] = await newStops(trip, 3);
        return { tripId: trip.id, endAtLast: true, pinnedStopIds: [pinned] };
      },
    },
    'stops.importPreview': {
      body: async ({ trip }) => ({ tripId: trip.id, fileName: 'places.csv', data: Buffer.from('name,lat,lng\nHome,1,2\n').toString('base64') }),
    },
    'journal.create': {
      body: async ({ trip }) => ({
        tripId: trip.id,
        stopId: (await newStops(trip, 1))[0],
        content: 'Sea lions on the rocks',
        photos: [world.heroImage],
        entryDate: '2026-06-02',
      }),
    },
    'journal.update': {
      body: async ({ trip }) => ({ tripId: trip.id, entryId: await newEntry(trip), content: 'After', photos: null, entryDate: '2026-06-03' }),
    },
    'journal.delete': { body: async ({ trip }) => ({ tripId: trip.id, entryId: await newEntry(trip) }) },
    'trips.share': {
      body: async ({ trip }) => ({ tripId: trip.id, isPublic: !(await tripRow(trip)).isPublic }),
      restore: async ({ trip, tripKey }) => {
        const response = await t.api.post('/trips/share', { tripId: trip.id, isPublic: isPublicKey(tripKey) }, { as: world.users.owner });
        expect(response.status).toBe(200);
      },
    },
    'trips.public': { body: async ({ trip, tripKey }) => ({ shareToken: (await tripRow(trip)).shareToken ?? world.revokedTokens[tripKey] }) },
    'trips.heroImage': { body: async ({ trip }) => ({ tripId: trip.id, heroImage: world.heroImage }) },
    'trips.routeMode': { body: async ({ trip }) => ({ tripId: trip.id, routeMode: !(await tripRow(trip)).routeMode }) },
    'trips.roadSettings': {
      body: async ({ trip }) => {
        const [{ arrivalTime }] = await db().query(`SELECT arrival_time AS "arrivalTime" FROM trips WHERE id = $1`, [trip.id]);
        // Always a change, and always after the earliest departure (08:00 by default).
        return { tripId: trip.id, arrivalTime: arrivalTime === '18:00' ? '19:00' : '18:00', dailyDriveLimitMinutes: 360 };
      },
    },
    'exports.file': { body: async ({ trip }) => ({ tripId: trip.id, format: 'gpx' }) },
    'weather.trip': { body: async ({ trip }) => ({ tripId: trip.id }) },
    'weather.shared': { body: async ({ trip, tripKey }) => ({ shareToken: (await tripRow(trip)).shareToken ?? world.revokedTokens[tripKey] }) },
    'exports.calendarFeed': { body: async ({ trip }) => ({ tripId: trip.id }) },
    'exports.createCalendarFeed': {
      body: async ({ trip }) => ({ tripId: trip.id }),
      restore: ({ trip }) => calendarFeedRevoker(db(), { tripId: trip.id }),
    },
    'exports.rotateCalendarFeed': {
      body: async ({ trip }) => ({ tripId: trip.id }),
      restore: ({ trip }) => calendarFeedRevoker(db(), { tripId: trip.id }),
    },
    'exports.revokeCalendarFeed': {
      body: async ({ trip }) => {
        await calendarFeedCreator(db(), { tripId: trip.id });
        return { tripId: trip.id };
      },
    },
    'costs.overview': { body: async ({ trip }) => ({ tripId: trip.id }) },
    'costs.addExpense': { body: async (cell) => ({ tripId: cell.trip.id, ...expenseBy(payerIn(cell)) }) },
    'costs.updateExpense': {
      body: async (cell) => ({ tripId: cell.trip.id, expenseId: await preparedExpense(cell), ...expenseBy(payerIn(cell)), amount: 999 }),
    },
    'costs.deleteExpense': { body: async (cell) => ({ tripId: cell.trip.id, expenseId: await preparedExpense(cell) }) },
    'costs.recordPayment': { body: async (cell) => ({ tripId: cell.trip.id, ...paymentBy(payerIn(cell), cell.trip.ownerId) }) },
    'costs.deletePayment': {
      body: async (cell) => {
        // A stranger's trip has nobody to pay: the call is refused before it looks the payment up.
        if (!cell.tripKey.startsWith('own')) return { tripId: cell.trip.id, paymentId: randomUUID() };
        const payment = { tripId: cell.trip.id, ...paymentBy(payerIn(cell), cell.trip.ownerId) };
        return { tripId: cell.trip.id, paymentId: (await paymentRecorder(t.server.deps.tripDocs, world.users.owner, 'owner', payment)).id };
      },
    },
    'costs.settings': { body: async ({ trip }) => ({ tripId: trip.id, rates: { USD: `1.${++startDay}` } }) },
    'costs.uploadReceipt': { body: async ({ trip }) => ({ tripId: trip.id, image: world.heroImage }) },
    'costs.csv': { body: async ({ trip }) => ({ tripId: trip.id }) },
    'search.pois': { body: async () => ({ keyword: 'coffee', latitude: 37.7749, longitude: -122.4194, radius: 25 }) },
    'suggestions.vote': { body: async ({ trip }) => ({ tripId: trip.id, suggestionId: await newSuggestion(trip), vote: 'up' }) },
    'polls.list': { body: async ({ trip }) => ({ tripId: trip.id }) },
    'polls.create': { body: async ({ trip }) => ({ tripId: trip.id, question: 'Where do we sleep?', options: ['Big Sur', 'Carmel'] }) },
    'polls.vote': { body: async ({ trip }) => ({ tripId: trip.id, pollId: await newPoll(trip), choices: [1] }) },
    'polls.close': { body: async ({ trip }) => ({ tripId: trip.id, pollId: await newPoll(trip) }) },
    'checklists.list': { body: async ({ trip }) => ({ tripId: trip.id }) },
    'checklists.createList': { body: async ({ trip }) => ({ tripId: trip.id, title: 'Packing' }) },
    'checklists.deleteList': { body: async ({ trip }) => ({ tripId: trip.id, listId: await newList(trip) }) },
    'checklists.addItem': { body: async ({ trip }) => ({ tripId: trip.id, listId: await newList(trip), text: 'Stove' }) },
    'checklists.updateItem': { body: async ({ trip }) => ({ tripId: trip.id, itemId: await newItem(trip), done: true }) },
    'checklists.deleteItem': { body: async ({ trip }) => ({ tripId: trip.id, itemId: await newItem(trip) }) },
    'checklists.moveItem': { body: async ({ trip }) => ({ tripId: trip.id, itemId: await newItem(trip), beforeItemId: null }) },
    'history.list': { body: async ({ trip }) => ({ tripId: trip.id }) },
    'history.read': { body: async ({ trip }) => ({ tripId: trip.id, versionId: await newVersion(trip) }) },
    'history.diff': { body: async ({ trip }) => ({ tripId: trip.id, fromVersionId: await newVersion(trip) }) },
    'corridor.search': {
      body: async ({ trip }) => {
        const [fromStopId, toStopId] = await newStops(trip, 2);
        return { tripId: trip.id, fromStopId, toStopId, categories: ['fuel', 'sight'], widthKm: 5 };
      },
    },
    'offlineMap.plan': {
      body: async ({ trip }) => {
        await newStops(trip, 2);
        return { tripId: trip.id };
      },
    },
    'history.take': {
      body: async ({ trip }) => {
        await newStops(trip, 1);
        return { tripId: trip.id, kind: 'named', name: 'Before we cut Oregon' };
      },
    },
    'history.restore': {
      body: async ({ trip }) => {
        const versionId = await newVersion(trip);
        await newStops(trip, 1);
        return { tripId: trip.id, versionId };
      },
    },
  };

  /** The matrix's calls from their contracts, and the stored photos, which are a route but not a call. */
  const calls: Call[] = [
    ...(Object.keys(matrixRules) as MatrixCallName[]).filter(inPart).map((name): Call => {
      const contract = callNamed(name);
      return { ...matrixRules[name], path: contract.path, method: contract.method, fields: requestFields(contract), ...bodies[name] };
    }),
    ...(inPart('photo') ? [{ path: '/photos/:id', method: 'GET', kind: 'photo', fields: [], body: async () => ({}) } satisfies Call] : []),
  ];

  function expectedStatus(call: Call, actor: Actor, tripKey: TripKey): number {
    const role = signedIn(actor) ? roleIn(actor, tripKey) : null;
    const isPublic = isPublicKey(tripKey);
    switch (call.kind) {
      case 'shareLink':
        return isPublic ? 200 : 404;
      case 'photo':
        return role || isPublic ? 200 : 404;
      case 'search':
        return signedIn(actor) ? 200 : 401;
      case 'memberRead':
        if (!signedIn(actor)) return 401;
        return role ? 200 : 404;
      case 'write':
      case 'proposal':
        if (!signedIn(actor)) return 401;
        if (!role) return isPublic ? 403 : 404;
        return call.roles!.includes(role) ? (call.status ?? 200) : 403;
    }
  }

  /** `member`: the caller holds a role on the trip (a call may say more to members it refuses). */
  const refusalText: Record<number, (call: Call, member: boolean) => string> = {
    401: () => messages.auth.notAuthenticated,
    403: (call, member) => (member && call.forbidden) || messages.common.forbidden,
    404: (call) => (call.kind === 'photo' ? messages.common.notFound : messages.trips.notFound),
  };

  beforeAll(async () => {
    const build = (params?: Parameters<typeof buildUser>[1]) => buildUser(db(), params);
    const [owner, stranger, viewer, editor, nonMember, admin, disabled] = await Promise.all([
      build(),
      build(),
      build(),
      build(),
      build(),
      build({ role: 'admin' }),
      build({ status: 'disabled' }),
    ]);
    const trips = {} as Record<TripKey, Trip>;
    const photoIds = {} as Record<TripKey, string>;
    const revokedTokens = {} as Record<TripKey, string | null>;
    for (const tripKey of tripKeys) {
      const tripOwner = tripKey.startsWith('own') ? owner : stranger;
      const trip = await buildTrip(db(), tripOwner, { title: tripKey });
      if (tripKey.startsWith('own')) {
        await addMember(db(), trip, viewer, 'viewer');
        await addMember(db(), trip, editor, 'editor');
        await addMember(db(), trip, disabled, 'owner');
      }
      const shared = await t.api.post('/trips/share', { tripId: trip.id, isPublic: true }, { as: tripOwner });
      expect(shared.status).toBe(200);
      revokedTokens[tripKey] = null;
      if (!isPublicKey(tripKey)) {
        revokedTokens[tripKey] = shared.body.shareToken;
        expect((await t.api.post('/trips/share', { tripId: trip.id, isPublic: false }, { as: tripOwner })).status).toBe(200);
      }
      const [stopId] = await newStops(trip, 1);
      const entry = await addJournalEntry(t.server.deps, { trip, stopId, authorId: tripOwner.id, content: 'Fog', entryDate: new Date(), photos: 1 });
      trips[tripKey] = trip;
      photoIds[tripKey] = entry.photoUrls[0].split('/').pop()!;
    }
    world = {
      users: { owner, viewer, editor, nonMember, admin, disabled },
      trips,
      photoIds,
      revokedTokens,
      heroImage: await pngDataUrl(24, 16),
    };
  });

  async function send(call: Call, actor: Actor, tripKey: TripKey, body: Record<string, unknown>) {
    const as = actor === 'anonymous' ? null : world.users[actor];
    if (call.kind === 'photo') return t.api.get(`/photos/${world.photoIds[tripKey]}`, { as });
    return request(call, body, as);
  }

  function request(call: Call, body: Record<string, unknown>, as: User | null) {
    if (call.method === 'POST') return t.api.post(call.path, body, { as });
    return t.api.get(`${call.path}?${new URLSearchParams(Object.entries(body).map(([key, value]) => [key, String(value)]))}`, { as });
  }

  const cells = calls.flatMap((call) =>
    actors.flatMap((actor) =>
      (call.kind === 'search' ? (['ownPrivate'] as const) : tripKeys).map((tripKey) => {
        const status = expectedStatus(call, actor, tripKey);
        const where = call.kind === 'search' ? '' : ` on ${tripKey}`;
        return { name: `${call.path} as ${actor}${where} → ${status}`, call, actor, tripKey, status };
      }),
    ),
  );

  describe('authorization matrix', () => {
    // 120 s a cell: the first heavy call (optimise, plan days) starts the worker pool's thread, tens of seconds on a
    // loaded two-core machine; the cell judges who may call, not how fast.
    it.each(cells.map((cell) => [cell.name, cell] as const))('%s', { timeout: 120_000 }, async (_name, { call, actor, tripKey, status }) => {
      const cell = { actor, tripKey, trip: world.trips[tripKey] };
      const body = await call.body(cell);
      const before = await snapshot();
      const response = await send(call, actor, tripKey, body);
      expect({ status: response.status, error: response.body?.error }).toEqual({
        status,
        error: status >= 400 ? refusalText[status](call, roleIn(actor, tripKey) !== null) : undefined,
      });
      const after = await snapshot();
      if (status >= 400 || call.kind !== 'write') {
        expect(after).toBe(before);
      } else {
        expect(after).not.toBe(before);
        await call.restore?.(cell);
      }
    });
  });

  describe('mass assignment', () => {
    const probe = { userId: 1, role: 'owner', isPublic: true, ownerId: 1 };
    it.each(calls.filter((call) => call.kind !== 'photo'))('$path refuses fields it does not take', async (call) => {
      const cell = { actor: 'owner' as const, tripKey: 'ownPrivate' as const, trip: world.trips.ownPrivate };
      const extras = Object.fromEntries(Object.entries(probe).filter(([key]) => !call.fields.includes(key)));
      const body = { ...(await call.body(cell)), ...extras };
      const before = await snapshot();
      const response = await request(call, body, world.users.owner);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(`Unrecognized extra properties: ${Object.keys(extras).join(', ')}`);
      expect(await snapshot()).toBe(before);
    });
  });
}

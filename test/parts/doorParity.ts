/**
 * Both doors, same effects, for one part of the trip document (shared/src/parts): a random sequence of writes by
 * random members goes through REST on one trip, and through the live door on another trip of the same crew (the
 * part's writers on each member's own websocket client, as the web makes them). The part as both doors leave it,
 * the activity it recorded and which writes were refused must be the same. REST makes its own ids, so ids are read
 * as the labels the sequence gave what it created.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import fc from 'fast-check';
import * as Y from 'yjs';
import { COLLAB_CLOSE, applyKeyWrites, readActivity, type DocActivity, type KeyWrite } from '@caravan/shared';
import type { Trip, User } from '@caravan/engine';
import { addMember, buildTrip, buildUser } from '@caravan/server/test';
import { connectClient, waitFor, type TestClient } from '@caravan/collab-server/test';
import type { TestStack } from '../stack.ts';

export const ACTORS = ['owner', 'editor', 'viewer'] as const;
export type Actor = (typeof ACTORS)[number];
/** Who a write may name besides the members (an assignee, a payer): someone outside the trip. */
export type Named = Actor | 'outsider';

export interface Crew {
  owner: User;
  editor: User;
  viewer: User;
  outsider: User;
}

/** A door's ids by the labels the sequence gave what it created (and back). */
export class Labels {
  private readonly ids = new Map<string, string>();
  private readonly labels = new Map<string, string>();
  set(label: string, id: string): void {
    this.ids.set(label, id);
    this.labels.set(id, label);
  }
  /** The id under `label`; an unknown label answers a fresh id, which names nothing. */
  id(label: string): string {
    return this.ids.get(label) ?? randomUUID();
  }
  has(label: string): boolean {
    return this.ids.has(label);
  }
  /** The label of what the sequence made under `id`; what it did not make (the trip's first stop) is `other`. */
  label(id: string, other = `unlabelled ${id}`): string {
    return this.labels.get(id) ?? other;
  }
}

export interface RestWrite {
  path: string;
  body: Record<string, unknown>;
  /** The label of what the answer creates: its `id` is this door's id for it. */
  creates?: string;
}

export interface PartParityCase<Action extends { actor: Actor }> {
  /** Random sequences of writes. */
  actions: fc.Arbitrary<Action[]>;
  /** The REST call making `action` on `tripId`. */
  rest(action: Action, tripId: string, ids: Labels, crew: Crew): RestWrite;
  /**
   * What the web does for `action` on the member's document: a part's key writes, or an edit made with the stop
   * writers (stops are maps of their own); null or no writes when the page offers nothing to do. It labels the ids of
   * what it creates.
   */
  live(action: Action, doc: Y.Doc, ids: Labels, crew: Crew): LiveEdit;
  /** The part as a door leaves it, ids read as labels, dates the server stamps left out. */
  view(doc: Y.Doc, ids: Labels): unknown;
  /** The activity types this part records. */
  activityTypes: readonly string[];
}

/** 'unsent': the edit changed nothing of the member's document, so the live door got nothing to judge. */
type Outcome = 'done' | 'refused' | 'unsent';
export type LiveEdit = KeyWrite[] | ((doc: Y.Doc) => void) | null;

/** What the runs made: writes done and refused, activity entries recorded (so a test can tell it tested something). */
export interface ParityTally {
  done: number;
  refused: number;
  activity: number;
}

/** Runs `parity` for `numRuns` random sequences on `t`'s whole stack. */
export async function checkDoorParity<Action extends { actor: Actor }>(t: TestStack, parity: PartParityCase<Action>, numRuns: number): Promise<ParityTally> {
  const tally: ParityTally = { done: 0, refused: 0, activity: 0 };
  const db = t.server.deps.dataSource;
  const [owner, editor, viewer, outsider] = await Promise.all(
    ['Olive Owner', 'Eddie Editor', 'Vera Viewer', 'Otto Outsider'].map((displayName) => buildUser(db, { displayName })),
  );
  const crew: Crew = { owner, editor, viewer, outsider };
  const tripOfCrew = async (): Promise<Trip> => {
    const trip = await buildTrip(db, owner, { title: 'Parity' });
    await addMember(db, trip, editor, 'editor');
    await addMember(db, trip, viewer, 'viewer');
    return trip;
  };

  await fc.assert(
    fc.asyncProperty(parity.actions, async (actions) => {
      const [restTrip, liveTrip] = await Promise.all([tripOfCrew(), tripOfCrew()]);
      const rest = await throughRest(t, parity, actions, restTrip.id, crew);
      const live = await throughLiveDoor(t, parity, actions, liveTrip.id, crew);
      // An edit that changes nothing sends nothing over the live door; REST may take it or refuse it (a viewer's
      // no-op edit), and either way the document, compared below, must not change.
      expect(live.outcomes).toEqual(rest.outcomes.map((outcome, index) => (live.outcomes[index] === 'unsent' ? 'unsent' : outcome)));
      expect(live.view).toEqual(rest.view);
      expect(live.activity).toEqual(rest.activity);
      for (const outcome of rest.outcomes) if (outcome !== 'unsent') tally[outcome]++;
      tally.activity += rest.activity.length;
    }),
    // PARITY_SEED and PARITY_PATH replay a failure fast-check printed (its `seed` and `path`).
    { numRuns, ...(process.env.PARITY_SEED && { seed: Number(process.env.PARITY_SEED), path: process.env.PARITY_PATH }) },
  );
  return tally;
}

interface DoorResult {
  outcomes: Outcome[];
  view: unknown;
  activity: unknown[];
}

async function readBack<Action extends { actor: Actor }>(t: TestStack, parity: PartParityCase<Action>, tripId: string, ids: Labels, outcomes: Outcome[]) {
  return t.server.deps.tripDocs.read(tripId, ({ doc }) => ({
    outcomes,
    view: parity.view(doc, ids),
    activity: activityOf(readActivity(doc), parity.activityTypes, ids),
  }));
}

/** The part's entries, with who made them and ids in their data read as labels. */
function activityOf(entries: DocActivity[], types: readonly string[], ids: Labels): unknown[] {
  return entries
    .filter((entry) => types.includes(entry.activityType))
    .map(({ activityType, userId, activityData }) => ({
      activityType,
      userId,
      data: Object.fromEntries(Object.entries(activityData).map(([key, value]) => [key, typeof value === 'string' && /^[0-9a-f-]{36}$/.test(value) ? ids.label(value) : value])),
    }));
}

async function throughRest<Action extends { actor: Actor }>(t: TestStack, parity: PartParityCase<Action>, actions: Action[], tripId: string, crew: Crew): Promise<DoorResult> {
  const ids = new Labels();
  const outcomes: Outcome[] = [];
  for (const action of actions) {
    const { path, body, creates } = parity.rest(action, tripId, ids, crew);
    const answer = await t.api.post<{ id?: string }>(path, body, { as: crew[action.actor] });
    expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).toBeLessThan(500);
    const done = answer.status < 300;
    if (done && creates) ids.set(creates, answer.body.id!);
    outcomes.push(done ? 'done' : 'refused');
  }
  return readBack(t, parity, tripId, ids, outcomes);
}

async function throughLiveDoor<Action extends { actor: Actor }>(
  t: TestStack,
  parity: PartParityCase<Action>,
  actions: Action[],
  tripId: string,
  crew: Crew,
): Promise<DoorResult> {
  const ids = new Labels();
  const outcomes: Outcome[] = [];
  const connect = async (actor: Actor) => {
    const client = connectClient(t.collabUrl, tripId, await t.cookieFor(crew[actor]), { origin: t.server.deps.config.publicOrigin });
    await client.synced();
    return client;
  };
  const clients = new Map<Actor, TestClient>();
  for (const actor of ACTORS) clients.set(actor, await connect(actor));
  try {
    for (const action of actions) {
      const client = clients.get(action.actor)!;
      const edit = parity.live(action, client.doc, ids, crew);
      const outcome = await liveWrite(client, edit);
      outcomes.push(outcome);
      if (outcome === 'refused' && client.closes.length) {
        // The socket is closed and the refused edit stays in that client's document: the member starts afresh.
        client.destroy();
        clients.set(action.actor, await connect(action.actor));
      }
      // Every member sees the write before the next one is made from their copy.
      const room = t.collab.rooms.get(tripId)!;
      const serverView = () => JSON.stringify(parity.view(room.doc, ids));
      await waitFor(() => [...clients.values()].every((other) => JSON.stringify(parity.view(other.doc, ids)) === serverView()), 10_000, 'every member to see the write');
    }
    await waitFor(() => !t.collab.rooms.get(tripId)!.hasUnwritten, 10_000, 'the last batch to commit');
  } finally {
    for (const client of clients.values()) client.destroy();
  }
  return readBack(t, parity, tripId, ids, outcomes);
}

/** Makes `edit` as the member's own: done once acknowledged as durable, refused when the server closes the socket for it. */
async function liveWrite(client: TestClient, edit: LiveEdit): Promise<Outcome> {
  if (edit === null || (Array.isArray(edit) && edit.length === 0)) return 'refused'; // The page offers nothing to do: what REST answers with a 404.
  let sent = false;
  const onUpdate = () => (sent = true);
  client.doc.on('update', onUpdate);
  client.doc.transact(() => (Array.isArray(edit) ? applyKeyWrites(client.doc, edit) : edit(client.doc)));
  client.doc.off('update', onUpdate);
  if (!sent) return 'unsent';
  await waitFor(() => client.isSaved() || client.closes.length > 0, 10_000, 'the write to be saved or refused');
  if (client.closes.length === 0) return 'done';
  expect(client.closes[0].code).toBe(COLLAB_CLOSE.writeRefused);
  return 'refused';
}

/** A label for what the n-th write of a sequence creates. */
export const labelOf = (index: number) => `#${index}`;
export const named = fc.constantFrom<Named>('owner', 'editor', 'viewer', 'outsider');
export const userOf = (crew: Crew, who: Named | null) => (who === null ? null : crew[who].id);
/** Owners and editors write most; viewers now and then (most of their writes are refused). */
export const someActor = fc.constantFrom<Actor>('owner', 'owner', 'editor', 'editor', 'viewer');
/** A reference to something an earlier write made: resolved by `sequenceOf`. */
export const ref = fc.nat(9);

/**
 * Random sequences of writes: `opening` first (so most writes have something to act on), then random `steps` by
 * random members. A step's reference fields (`refs`: field → kind) hold a number, resolved to the label of what an
 * earlier write of that kind made (made, refused or deleted since: `makes` says what each step makes), now and then
 * to nothing.
 */
export function sequenceOf<Step extends { op: string }>(
  opening: Array<[Actor, Step]>,
  step: fc.Arbitrary<Step>,
  refs: Record<string, string>,
  makes: (step: Step) => string | null,
  maxLength = 14,
): fc.Arbitrary<Array<Step & { actor: Actor; label: string }>> {
  return fc.array(fc.tuple(someActor, step), { minLength: 4, maxLength }).map((random) => {
    const made = new Map<string, string[]>();
    const pick = (kind: string, value: unknown) => {
      const labels = made.get(kind) ?? [];
      return typeof value === 'number' && value < 8 && labels.length ? labels[value % labels.length] : 'nothing';
    };
    return [...opening, ...random].map(([actor, raw], index) => {
      const label = labelOf(index);
      const resolved: Record<string, unknown> = { ...raw, actor, label };
      for (const [field, kind] of Object.entries(refs)) if (field in raw && resolved[field] !== null) resolved[field] = pick(kind, resolved[field]);
      const kind = makes(raw);
      if (kind) made.set(kind, [...(made.get(kind) ?? []), label]);
      return resolved as Step & { actor: Actor; label: string };
    });
  });
}

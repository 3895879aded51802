/** checkClientUpdate against hostile bytes: random, corrupted, truncated and crafted updates never throw, and what passes is harmless. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  addStop,
  deleteStop,
  moveStop,
  OWNER_ONLY_STOP_KEYS,
  stopFieldSchemas,
  stopsMap,
  tripDocToJson,
  updateStop,
  type TTripRole,
} from '@caravan/shared';
import { STOP_ID, checkClientUpdate } from './permissions.ts';
import { capture, copyOf, craft, serverDoc } from './test/tripDocUpdates.ts';

/** The server document with some history: an owner-only key set, an overwritten name, a deleted stop. */
function richServerDoc(): Y.Doc {
  const doc = serverDoc();
  updateStop(doc, '00000000-0000-4000-8000-000000000061', { visited: true, name: 'Lyon 2e' });
  addStop(doc, '00000000-0000-4000-8000-000000000064', { name: 'Dijon' });
  deleteStop(doc, '00000000-0000-4000-8000-000000000064');
  return doc;
}

/** If an update is accepted, Yjs applies all of it and only valid stops change; editors keep owner-only keys. */
function expectHarmlessIfAccepted(server: Y.Doc, update: Uint8Array, role: TTripRole) {
  if (!checkClientUpdate(server, update, { role }).ok) return false;
  const { stops: stopsBefore, ...restBefore } = tripDocToJson(server);
  Y.applyUpdate(server, update);
  expect(server.store.pendingStructs).toBeNull();
  expect(server.store.pendingDs).toBeNull();
  const { stops: stopsAfter, ...restAfter } = tripDocToJson(server);
  expect(restAfter).toEqual(restBefore);
  stopsMap(server).forEach((stop, id) => {
    expect(id).toMatch(STOP_ID);
    for (const [key, value] of Object.entries(stop.toJSON())) {
      expect(stopFieldSchemas[key as keyof typeof stopFieldSchemas]?.safeParse(value).success).toBe(true);
    }
  });
  if (role !== 'editor') return true;
  for (const after of stopsAfter) {
    // Whatever path a change took (a key's value, or a new map under the stop's id), owner-only values stay.
    const before = stopsBefore.find((stop) => stop.id === after.id);
    if (before) for (const key of OWNER_ONLY_STOP_KEYS) expect(after[key]).toEqual(before[key]);
  }
  return true;
}

describe('hostile updates', () => {
  const base = richServerDoc();
  const client = copyOf(base);
  const valid = [
    capture(client, () => addStop(client, '00000000-0000-4000-8000-000000000063', { name: 'Arles', notes: 'Arena' }, 0)),
    capture(client, () => updateStop(client, '00000000-0000-4000-8000-000000000061', { name: 'Lyon 3e', latitude: 45.7 })),
    capture(client, () => moveStop(client, '00000000-0000-4000-8000-000000000062', 0)),
    capture(client, () => deleteStop(client, '00000000-0000-4000-8000-000000000063')),
    Y.encodeStateAsUpdate(client, Y.encodeStateVector(base)),
  ];
  const role = fc.constantFrom<TTripRole>('owner', 'editor', 'viewer');

  it('never throws on random bytes, and what it accepts is harmless', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), role, (bytes, r) => {
        expectHarmlessIfAccepted(copyOf(base), bytes, r);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on corrupted valid updates, and what it accepts is harmless', () => {
    const corruption = fc.record({
      which: fc.nat(valid.length - 1),
      edits: fc.array(fc.record({ at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }), { minLength: 1, maxLength: 4 }),
    });
    fc.assert(
      fc.property(corruption, role, ({ which, edits }, r) => {
        const bytes = valid[which].slice();
        for (const { at, byte } of edits) bytes[at % bytes.length] = byte;
        expectHarmlessIfAccepted(copyOf(base), bytes, r);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses every truncated valid update', () => {
    fc.assert(
      fc.property(fc.nat(valid.length - 1), fc.nat(), role, (which, cut, r) => {
        const update = valid[which];
        expect(checkClientUpdate(copyOf(base), update.slice(0, cut % update.length), { role: r }).ok).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('accepts only crafted structs that Yjs applies whole and that change nothing but valid stops', () => {
    const server = base.clientID;
    const known = Y.getState(base.store, server);
    const clients = [server, server, 7, 8];
    const id = fc.tuple(fc.constantFrom(...clients), fc.nat(known + 2)).map(([c, clock]) => Y.createID(c, clock));
    const value = fc.oneof(fc.string({ maxLength: 5 }), fc.double(), fc.boolean(), fc.constant(null));
    const content = fc.oneof(
      value.map((v) => new Y.ContentAny([v])),
      fc.array(value, { minLength: 2, maxLength: 3 }).map((values) => new Y.ContentAny(values)),
      fc.constant(null).map(() => new Y.ContentType(new Y.Map())),
      fc.integer({ min: 1, max: 3 }).map((len) => new Y.ContentDeleted(len)),
      fc.constant(null).map(() => new Y.ContentString('ab')),
    );
    const struct = fc.record({
      kind: fc.constantFrom('item', 'item', 'item', 'gc', 'skip'),
      origin: fc.option(id),
      rightOrigin: fc.option(id, { freq: 4 }),
      parent: fc.oneof(fc.constantFrom('stops', 'meta', 'activity'), id),
      key: fc.option(fc.constantFrom('name', 'visited', 'pos', 'latitude', '00000000-0000-4000-8000-000000000061', '00000000-0000-4000-8000-000000000078', 'title')),
      content,
      len: fc.integer({ min: 1, max: 3 }),
    });
    const section = fc.record({
      client: fc.constantFrom(...clients),
      clock: fc.oneof(fc.constant(0), fc.constant(known), fc.nat(known + 2)),
      shapes: fc.array(struct, { minLength: 1, maxLength: 4 }),
    });
    const deletes = fc.array(fc.tuple(fc.constantFrom(...clients), fc.nat(known + 3), fc.nat(4)), { maxLength: 3 });
    let accepted = 0;
    fc.assert(
      fc.property(fc.uniqueArray(section, { selector: (s) => s.client, maxLength: 3 }), deletes, role, (sections, dels, r) => {
        const built = sections.map(({ client: c, clock, shapes }) => {
          let next = clock;
          const structs = shapes.map((shape) => {
            const at = Y.createID(c, next);
            const made =
              shape.kind === 'gc' ? new Y.GC(at, shape.len)
              : shape.kind === 'skip' ? new Y.Skip(at, shape.len)
              : new Y.Item(at, null, shape.origin, null, shape.rightOrigin, shape.parent as never, shape.key, shape.content);
            next += made.length;
            return made;
          });
          return { client: c, clock, structs };
        });
        if (expectHarmlessIfAccepted(copyOf(base), craft(built, dels), r)) accepted++;
      }),
      { numRuns: 2000 },
    );
    expect(accepted).toBeGreaterThan(50); // the property must see accepted updates to mean anything
  });
});

/**
 * No body makes a history call answer 5xx, and a refused call changes nothing. Bodies are shaped like the call,
 * each field drawn from right values (the trip's versions, its stops, a part's entry) and broken ones (text at
 * Unicode's edges, huge numbers, wrong types), sent as the trip's editor and now and then its viewer.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addStop, callNamed, requestFields } from '@caravan/shared';
import { serverOrigin } from '@caravan/engine';
import { tripVersionTaker } from '../commands/tripVersionTaker.ts';
import { goesOverHttp, refusedSample, sendRaw, type FuzzCall } from '../test/contractGate.ts';
import { fuzzedCalls } from '../test/fuzzedCalls.ts';
import { callShapedRecord, edgeText } from '../test/fuzzValues.ts';
import { tripSnapshot } from '../test/tripSnapshot.ts';
import { tripWithCrew, type Crew } from '../test/tripWithCrew.ts';
import { useTestServer } from '../test/useTestServer.ts';

const t = useTestServer();
const RUNS = 120;

async function fixture() {
  const crew = await tripWithCrew(t.server.deps.dataSource);
  const stopId = randomUUID();
  await t.server.deps.tripDocs.write(crew.trip.id, serverOrigin(crew.owner.id), ({ doc, transact }) => transact(() => addStop(doc, stopId, { name: 'Astoria' })));
  const first = await tripVersionTaker(t.server.deps.dataSource, { tripId: crew.trip.id, kind: 'named', name: 'first' });
  await t.server.deps.tripDocs.write(crew.trip.id, serverOrigin(crew.editor.id), ({ doc, transact }) => transact(() => addStop(doc, randomUUID(), { name: 'Bandon' })));
  const second = await tripVersionTaker(t.server.deps.dataSource, { tripId: crew.trip.id, kind: 'named', name: 'second' });
  return { crew, stopId, versionIds: [first.id.toString(), second.id.toString()] };
}

function fieldValues({ crew, stopId, versionIds }: Awaited<ReturnType<typeof fixture>>): Record<string, fc.Arbitrary<unknown>> {
  const junk = fc.oneof(fc.string(), edgeText, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 2 }));
  const anyOf = (right: unknown, ...others: unknown[]) =>
    fc.oneof({ arbitrary: fc.constant(right), weight: 6 }, { arbitrary: fc.constantFrom(right, ...others), weight: 3 }, { arbitrary: junk, weight: 1 });
  const version = anyOf(versionIds[0], versionIds[1], '1', '0', '-1', '9223372036854775807', '9223372036854775808', '9999999999999999999', '99999999999999999999', '1e3', ' 1', 1);
  return {
    tripId: anyOf(crew.trip.id, crew.trip.id.toUpperCase(), randomUUID(), ''),
    limit: anyOf(10, 1, 1000, 0, 1001, 1.5, -1, '10', 2 ** 53),
    before: version,
    kind: anyOf('named', 'before_optimise', 'before_plan_days', 'auto', 'before_restore', 'NAMED', ''),
    name: fc.oneof({ arbitrary: fc.constant('Before we cut Oregon'), weight: 5 }, edgeText, fc.constantFrom('', '   ', 'x'.repeat(101), '\u0000'), junk),
    versionId: version,
    fromVersionId: version,
    toVersionId: version,
    only: fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 4 },
      { arbitrary: fc.record({ stopId: anyOf(stopId, randomUUID(), 'legacy-1', '') }), weight: 3 },
      { arbitrary: fc.record({ root: anyOf('expenses', 'checklistItems', 'nope', '__proto__', 'x'.repeat(65)), key: anyOf(randomUUID(), '', 'x'.repeat(201)) }), weight: 3 },
      { arbitrary: junk, weight: 1 },
    ),
  };
}

describe('history calls under random bodies', () => {
  it.each(fuzzedCalls.history)('%s never answers 5xx, and refusals change nothing', { timeout: 180_000 }, async (name) => {
    const call: FuzzCall = { contract: callNamed(name) };
    const f = await fixture();
    const values = fieldValues(f);
    const bodies = fc.oneof(
      { arbitrary: callShapedRecord(requestFields(call.contract), values).map((body) => JSON.stringify(body)), weight: 9 },
      { arbitrary: fc.oneof(fc.jsonValue().map((json) => JSON.stringify(json)), fc.constantFrom('', '{', 'null', '\u0000')), weight: 1 },
    );
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(bodies, refusedSample, fc.constantFrom<keyof Crew>('editor', 'editor', 'editor', 'viewer'), async (raw, sampled, who) => {
        if (!goesOverHttp(call, raw, sampled)) return;
        const before = await tripSnapshot(t.server.deps, [f.crew.trip.id]);
        const response = await sendRaw(t.api, call, raw, f.crew[who] as never);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        expect(response.status).toBeLessThan(500);
        if (response.status >= 400) {
          expect(typeof response.body?.error).toBe('string');
          expect(await tripSnapshot(t.server.deps, [f.crew.trip.id])).toBe(before);
        }
      }),
      { numRuns: RUNS },
    );
    expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
  });
});

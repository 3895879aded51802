/**
 * No body makes a shared-cost call answer 5xx, and a refused call changes nothing. Bodies are shaped like the
 * call, with each field drawn from right values (the crew's ids, this trip's expenses and payments) and broken
 * ones (text at Unicode's edges, floats, huge numbers, wrong types), sent as the trip's viewer, whose writes the
 * per-entry rules decide, and now and then as the owner.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ZAddExpenseRequest, callNamed, requestFields } from '@caravan/shared';
import { expenseWriter } from '../../commands/costs/expenseWriter.ts';
import { paymentRecorder } from '../../commands/costs/paymentWriter.ts';
import { goesOverHttp, refusedSample, sendRaw, type FuzzCall } from '../../test/contractGate.ts';
import { fuzzedCalls } from '../../test/fuzzedCalls.ts';
import { callShapedRecord, edgeText } from '../../test/fuzzValues.ts';
import { pngDataUrl } from '../../test/tripDetailFixtures.ts';
import { tripSnapshot } from '../../test/tripSnapshot.ts';
import { tripWithCrew, type Crew } from '../../test/tripWithCrew.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const t = useTestServer();
const RUNS = 200;

async function fixture() {
  const crew = await tripWithCrew(t.server.deps.dataSource);
  const { owner, viewer, editor, trip } = crew;
  const write = (paidBy: number) =>
    expenseWriter(t.server.deps, owner, 'owner', ZAddExpenseRequest.parse({
      tripId: trip.id, description: 'Fuel', amount: 4200, currency: 'EUR', paidBy, date: '2026-07-01', category: 'fuel',
      split: { kind: 'equal', parts: [{ userId: owner.id, value: 1 }, { userId: viewer.id, value: 1 }] },
    }));
  const [own, others] = await Promise.all([write(viewer.id), write(owner.id)]);
  const payment = await paymentRecorder(t.server.deps.tripDocs, owner, 'owner', { tripId: trip.id, from: editor.id, to: owner.id, amount: 100, currency: 'EUR', date: '2026-07-02' });
  return { crew, expenseIds: [own.id, others.id], paymentId: payment.id };
}

let png: string;
beforeAll(async () => {
  png = await pngDataUrl(30, 20);
});

function fieldValues({ crew, expenseIds, paymentId }: Awaited<ReturnType<typeof fixture>>): Record<string, fc.Arbitrary<unknown>> {
  const junk = fc.oneof(fc.string(), edgeText, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 2 }));
  /** Mostly the first (a right value), else one of the others or junk: so many bodies get past validation. */
  const anyOf = (right: unknown, ...others: unknown[]) =>
    fc.oneof({ arbitrary: fc.constant(right), weight: 6 }, { arbitrary: fc.constantFrom(right, ...others), weight: 3 }, { arbitrary: junk, weight: 1 });
  const member = anyOf(crew.viewer.id, crew.owner.id, crew.editor.id, crew.outsider.id, 0, -1, 2 ** 31, 1.5, '3');
  // A payment's right `to` is another member than its right `from`, so many payments get past "from and to differ".
  const payee = anyOf(crew.owner.id, crew.viewer.id, crew.editor.id, crew.outsider.id, 0, -1, 2 ** 31, 1.5, '3');
  const amount = anyOf(4200, 1, 999_999, 1e12, 1e12 + 1, 0, -5, 12.5, 2 ** 53, '100', Number.MAX_VALUE);
  const currency = anyOf('EUR', 'USD', 'JPY', 'KWD', 'eur', 'XYZ', '', 'EURO');
  const rate = anyOf(null, '1.0842', '163.12345678', '0.000001', '0', '-1', '1e3', '1.123456789', '9'.repeat(30));
  const randomSplit = fc.record({
    kind: anyOf('equal', 'shares', 'exact', 'percent', 'thirds'),
    parts: fc.array(fc.record({ userId: member, value: anyOf(1, 0, 2, 2100, 4200, 5000, 10_000, -1, 0.5) }), { maxLength: 4 }),
  });
  const evenSplit = { kind: 'equal', parts: [crew.viewer.id, crew.owner.id].map((userId) => ({ userId, value: 1 })) };
  const dictionary = (keys: string[], value: fc.Arbitrary<unknown>) =>
    fc.oneof({ arbitrary: fc.dictionary(fc.constantFrom(keys[0]), value), weight: 6 }, { arbitrary: fc.dictionary(fc.constantFrom(...keys), value), weight: 3 }, { arbitrary: junk, weight: 1 });
  return {
    tripId: anyOf(crew.trip.id, crew.trip.id.toUpperCase(), randomUUID(), ''),
    description: fc.oneof({ arbitrary: fc.constant('Fuel'), weight: 5 }, edgeText, fc.constantFrom('', '   ', 'x'.repeat(201), '=HYPERLINK("x")'), junk),
    amount,
    currency,
    paidBy: member,
    from: member,
    to: payee,
    date: anyOf('2026-07-01', '2026-02-30', '2026-7-1', '9999-12-31', '2026-07-01T00:00:00Z'),
    category: anyOf('lodging', 'fuel', 'food', 'activities', 'other', 'Fuel', ''),
    stopId: anyOf(null, randomUUID(), 'legacy-1'),
    receiptPhoto: anyOf(null, 'https://example.com/r.jpg', 'javascript:alert(1)', 'http://example.com/r.jpg'),
    split: fc.oneof({ arbitrary: fc.constant(evenSplit), weight: 6 }, { arbitrary: randomSplit, weight: 3 }, { arbitrary: junk, weight: 1 }),
    rate,
    expenseId: anyOf(expenseIds[0], expenseIds[1], expenseIds[0].toUpperCase(), randomUUID(), 'x'),
    paymentId: anyOf(paymentId, randomUUID(), ''),
    homeCurrency: currency,
    budget: dictionary(['fuel', 'total', 'food', 'rent', '__proto__'], amount),
    rates: dictionary(['USD', 'JPY', 'usd', 'XYZ', 'EUR'], rate),
    image: anyOf(png, 'data:image/png;base64,AAAA', 'data:image/svg+xml;base64,PHN2Zy8+', 'data:image/png,not-base64', 'https://example.com/r.jpg', ''),
  };
}

describe('shared-cost calls under random bodies', () => {
  it.each(fuzzedCalls.costs)('%s never answers 5xx, and refusals change nothing', { timeout: 180_000 }, async (name) => {
    const call: FuzzCall = { contract: callNamed(name) };
    const f = await fixture();
    const values = fieldValues(f);
    const bodies = fc.oneof(
      { arbitrary: callShapedRecord(requestFields(call.contract), values).map((body) => JSON.stringify(body)), weight: 9 },
      { arbitrary: fc.oneof(fc.jsonValue().map((json) => JSON.stringify(json)), fc.constantFrom('', '{', 'null', '\u0000')), weight: 1 },
    );
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(bodies, refusedSample, fc.constantFrom<keyof Crew>('viewer', 'viewer', 'viewer', 'owner'), async (raw, sampled, who) => {
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
    expect([...statuses.keys()].some((status) => status < 300 || status === 403 || status === 404)).toBe(true);
  });
});

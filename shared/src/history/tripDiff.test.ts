import { describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { applyKeyWrites, checklistWrites, decisionWrites, moneyWrites, type KeyWrite } from '../parts/index.ts';
import { metaMap, stopsMap } from '../tripDoc/access.ts';
import { addStop, appendStops, deleteStop, moveStop, updateStop } from '../tripDoc/stops.ts';
import { attributionOf, unknownAttribution } from './attribution.ts';
import { TripLog } from './testing/tripLog.ts';
import { diffTripDocs } from './tripDiff.ts';

const [OWNER, ANA, BEN, CY] = [1, 11, 12, 13];
const NAMES = new Map([
  [OWNER, 'Olga'],
  [ANA, 'Ana'],
  [BEN, 'Ben'],
  [CY, 'Cy'],
]);
const NOW = new Date('2026-05-01T10:00:00.000Z');
const TODAY = '2026-05-01';
const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const write = (writes: KeyWrite[]) => (doc: Y.Doc) => doc.transact(() => applyKeyWrites(doc, writes));

/** Down the Oregon coast from Astoria, day 1 to Cannon Beach and day 2 to Newport (both overnights), from 1 June. */
function oregonTrip(): TripLog {
  const log = new TripLog();
  log.as(OWNER, (doc) => {
    metaMap(doc).set('startDate', '2026-06-01');
    const places = [
      ['a', 'Astoria', 46.19, -123.83, false],
      ['b', 'Cannon Beach', 45.89, -123.96, true],
      ['c', 'Tillamook', 45.45, -123.84, false],
      ['d', 'Newport', 44.63, -124.05, true],
      ['e', 'Florence', 43.98, -124.1, false],
    ] as const;
    for (const [id, name, latitude, longitude, overnight] of places) addStop(doc, uuid(id.charCodeAt(0)), { name, latitude, longitude, overnight });
  });
  return log;
}
const stop = (letter: string) => uuid(letter.charCodeAt(0));

function diffSince(log: TripLog, version: Y.Doc, names: ReadonlyMap<number, string> = NAMES) {
  return diffTripDocs(version, log.version(), attributionOf(log.rows), names, { today: TODAY });
}

describe('what changed between two versions of a trip', () => {
  it('tells who added, renamed and recorded what, in one line, the one who did most first', () => {
    const log = oregonTrip();
    const version = log.version();
    log.as(BEN, write(moneyWrites.addExpense(log.doc, uuid(900), expense('Gas in Eureka', BEN), { userId: BEN, now: NOW })));
    log.as(ANA, (doc) => addStop(doc, uuid(1001), { name: 'Yachats', latitude: 44.31, longitude: -124.1 }));
    log.as(ANA, (doc) => addStop(doc, uuid(1002), { name: 'Coos Bay', latitude: 43.37, longitude: -124.22 }));
    log.as(ANA, (doc) => updateStop(doc, stop('e'), { name: 'Florence Old Town' }));

    const changes = diffSince(log, version);
    expect(changes.summary).toBe('Ana added 2 stops and renamed Florence, Ben added an expense');
    expect(changes.stops).toEqual([
      { stopId: stop('e'), name: 'Florence Old Town', kind: 'changed', fields: [{ field: 'name', before: 'Florence', after: 'Florence Old Town' }], by: [ANA] },
      { stopId: uuid(1001), name: 'Yachats', kind: 'added', fields: [], by: [ANA] },
      { stopId: uuid(1002), name: 'Coos Bay', kind: 'added', fields: [], by: [ANA] },
    ]);
    expect(changes.entries).toMatchObject([
      { part: 'money', root: 'expenses', key: uuid(900), kind: 'added', label: 'Gas in Eureka', before: null, by: [BEN] },
    ]);
    expect(changes.members).toEqual([
      { userId: ANA, displayName: 'Ana' },
      { userId: BEN, displayName: 'Ben' },
    ]);
    // Coos Bay and Yachats joined the last day.
    expect(changes.days).toEqual([{ day: 3, date: '2026-06-03', beforeStopIds: [stop('e')], afterStopIds: [stop('e'), uuid(1001), uuid(1002)] }]);
  });

  it('calls moved only the stop that moved, not every stop whose place number changed, and shows the days it changed', () => {
    const log = oregonTrip();
    const version = log.version();
    log.as(CY, (doc) => moveStop(doc, stop('c'), 4));

    const changes = diffSince(log, version);
    expect(changes.stops).toEqual([{ stopId: stop('c'), name: 'Tillamook', kind: 'moved', fields: [], by: [CY] }]);
    expect(changes.days).toEqual([
      { day: 2, date: '2026-06-02', beforeStopIds: [stop('c'), stop('d')], afterStopIds: [stop('d')] },
      { day: 3, date: '2026-06-03', beforeStopIds: [stop('e')], afterStopIds: [stop('e'), stop('c')] },
    ]);
    expect(changes.summary).toBe('Cy moved a stop');
  });

  it('finds the fewest moves when many stops moved, and who made each', () => {
    const log = new TripLog();
    log.as(OWNER, (doc) => appendStops(doc, Array.from({ length: 20 }, (_, index) => ({ id: uuid(index), fields: { name: `Stop ${index}` } }))));
    const version = log.version();
    log.as(ANA, (doc) => moveStop(doc, uuid(0), 19));
    log.as(BEN, (doc) => moveStop(doc, uuid(10), 2));
    log.as(BEN, (doc) => moveStop(doc, uuid(15), 0));
    const changes = diffSince(log, version);
    expect(changes.stops.map(({ stopId, kind, by }) => [stopId, kind, by])).toEqual([
      [uuid(15), 'moved', [BEN]],
      [uuid(10), 'moved', [BEN]],
      [uuid(0), 'moved', [ANA]],
    ]);
    expect(changes.summary).toBe('Ben moved 2 stops, Ana moved a stop');
  });

  it('names a removed stop as it was and the member who removed it; a field change lists each field, derived keys and bookkeeping left out', () => {
    const log = oregonTrip();
    const version = log.version();
    log.as(BEN, (doc) => deleteStop(doc, stop('b')));
    log.as(ANA, (doc) => updateStop(doc, stop('d'), { notes: 'Aquarium at 10', stayMinutes: 120 }));
    // The server derives drive legs and nobody's change is in them.
    log.as(null, (doc) => updateStop(doc, stop('c'), { driveLeg: null, createdAt: '2020-01-01T00:00:00.000Z' }));
    log.as(null, (doc) => stopsMap(doc).get(stop('a'))!.set('driveLeg', { minutes: 5 }));

    const changes = diffSince(log, version);
    expect(changes.stops).toEqual([
      {
        stopId: stop('d'),
        name: 'Newport',
        kind: 'changed',
        fields: [
          { field: 'notes', before: null, after: 'Aquarium at 10' },
          { field: 'stayMinutes', before: null, after: 120 },
        ],
        by: [ANA],
      },
      { stopId: stop('b'), name: 'Cannon Beach', kind: 'removed', fields: [], by: [BEN] },
    ]);
    // As much each: the one met first (in the trip's order) first.
    expect(changes.summary).toBe('Ana changed a stop, Ben removed a stop');
  });

  it("labels each part's entries by their own words, and names who added, changed and removed them", () => {
    const log = oregonTrip();
    const [list, item, poll, payment] = [uuid(500), uuid(501), uuid(502), uuid(503)];
    log.as(OWNER, write(checklistWrites.createList(list, 'Packing', { userId: OWNER, now: NOW })));
    log.as(OWNER, (doc) => write(checklistWrites.addItem(doc, item, { listId: list, text: 'Tent', assignee: null, dueDate: null }, { userId: OWNER, now: NOW }))(doc));
    log.as(OWNER, write(decisionWrites.startPoll(poll, { question: 'Where do we eat?', options: ['Pier', 'Diner'], multiple: false, closesAt: null }, { userId: OWNER, now: NOW })));
    const version = log.version();
    log.as(ANA, write(checklistWrites.setDone(item, true)));
    log.as(BEN, write(decisionWrites.votePoll(poll, [1], BEN)));
    log.as(CY, write(moneyWrites.recordPayment(payment, { from: CY, to: ANA, amount: 2000, currency: 'EUR', date: '2026-06-02' }, { userId: CY, now: NOW })));
    log.as(ANA, write(moneyWrites.setMoneySetting('budget:total', 150000)));
    log.as(BEN, (doc) => write(checklistWrites.deleteItem(item))(doc));

    const changes = diffSince(log, version, new Map([...NAMES].filter(([userId]) => userId !== CY)));
    expect(changes.entries.map(({ root, kind, label, by }) => [root, kind, label, by])).toEqual([
      ['checklistItems', 'removed', 'Tent', [BEN]],
      ['votes', 'added', "Ben's vote on Where do we eat?", [BEN]],
      ['payments', 'added', 'Former member paid Ana', [CY]],
      ['moneySettings', 'added', 'Budget (total)', [ANA]],
    ]);
    expect(changes.members).toEqual([
      { userId: BEN, displayName: 'Ben' },
      { userId: CY, displayName: 'Former member' },
      { userId: ANA, displayName: 'Ana' },
    ]);
    expect(changes.summary).toBe('Ben removed a checklist item and voted, Former member recorded a payment, Ana changed a cost setting');
  });

  it('says nobody changed anything between two equal versions, and "Someone" for changes no update names', () => {
    const log = oregonTrip();
    const version = log.version();
    expect(diffSince(log, version)).toEqual({ stops: [], days: [], entries: [], members: [], summary: 'Nobody changed anything' });

    log.as(ANA, (doc) => deleteStop(doc, stop('e')));
    const changes = diffTripDocs(version, log.version(), unknownAttribution, NAMES, { today: TODAY });
    expect(changes.stops).toMatchObject([{ kind: 'removed', by: [] }]);
    expect(changes.members).toEqual([]);
    expect(changes.summary).toBe('Someone removed a stop');
  });

  // How fast is bench:history's to say (diff p95 ≤ 200 ms on a 500-stop trip), not a test's on a shared machine.
  it('diffs two 500-stop versions, each change with who made it', () => {
    const log = new TripLog();
    log.as(OWNER, (doc) =>
      appendStops(doc, Array.from({ length: 500 }, (_, index) => ({ id: uuid(index), fields: { name: `Stop ${index}`, latitude: 40 + index / 100, longitude: -120 + index / 100, overnight: index % 7 === 6 } }))),
    );
    const version = log.version();
    for (let index = 0; index < 100; index++) {
      const member = [ANA, BEN, CY][index % 3];
      log.as(member, (doc) => {
        if (index % 4 === 0) moveStop(doc, uuid((index * 37) % 500), (index * 53) % 500);
        else if (index % 4 === 1) updateStop(doc, uuid((index * 11) % 500), { notes: `note ${index}` });
        else if (index % 4 === 2) addStop(doc, uuid(10_000 + index), { name: `New ${index}` }, index);
        else deleteStop(doc, uuid((index * 13) % 500));
      });
    }
    const [after, attribution] = [log.version(), attributionOf(log.rows)];
    const changes = diffTripDocs(version, after, attribution, NAMES, { today: TODAY });
    expect(changes.stops.filter((change) => change.kind === 'added')).toHaveLength(25);
    expect(changes.stops.every((change) => change.by.length === 1)).toBe(true);
  });
});

function expense(description: string, paidBy: number): moneyWrites.ExpenseFields {
  return {
    description,
    amount: 4200,
    currency: 'EUR',
    paidBy,
    date: '2026-06-01',
    category: 'fuel',
    stopId: null,
    receiptPhoto: null,
    split: { kind: 'equal', parts: [{ userId: paidBy, value: 1 }] },
    rate: null,
  };
}

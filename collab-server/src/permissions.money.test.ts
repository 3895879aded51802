/** checkClientUpdate on shared costs: who may add, edit and delete expenses, payments and money settings over the live door. */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { MONEY_ENTRIES_MAX, expensesMap, moneyMessages, moneySettingsMap, paymentsMap, type DocExpense } from '@caravan/shared';
import { checkClientUpdate } from './permissions.ts';
import { capture, copyOf, serverDoc } from './test/tripDocUpdates.ts';

const VIEWER = 7;
const OTHER = 8;
const EDITOR = 9;
const OWNER = 1;
const OUTSIDER = 10;
/** The trip's members as the room knows them: OUTSIDER is not one. */
const MEMBERS = new Map([OWNER, VIEWER, OTHER, EDITOR].map((id) => [id, `Member ${id}`]));
const FRESH = 'ffffffff-0000-4000-8000-000000000000';
const id = (n: number) => `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;

const expense = (paidBy: number, overrides: Partial<DocExpense> = {}): Omit<DocExpense, 'id'> => ({
  description: 'Fuel',
  amount: 4200,
  currency: 'EUR',
  paidBy,
  createdBy: paidBy,
  date: '2026-07-01',
  category: 'fuel',
  stopId: null,
  receiptPhoto: null,
  split: { kind: 'equal', parts: [{ userId: VIEWER, value: 1 }, { userId: OTHER, value: 1 }] },
  rate: null,
  rateTo: null,
  createdAt: '2026-07-01T10:00:00.000Z',
  ...overrides,
});

/** The server's document with one expense the viewer paid and one another member paid. */
function withExpenses(): Y.Doc {
  const doc = serverDoc();
  expensesMap(doc).set(id(1), expense(VIEWER));
  expensesMap(doc).set(id(2), expense(OTHER));
  return doc;
}

const verdict = (server: Y.Doc, role: 'owner' | 'editor' | 'viewer', userId: number, edit: (doc: Y.Doc) => void, members = MEMBERS) => {
  const client = copyOf(server);
  return checkClientUpdate(server, capture(client, () => edit(client)), { role, userId, members });
};

describe('live door: shared costs', () => {
  it('lets a viewer record, edit and delete an expense they paid', () => {
    const server = withExpenses();
    expect(verdict(server, 'viewer', VIEWER, (doc) => expensesMap(doc).set(id(3), expense(VIEWER)))).toMatchObject({ ok: true });
    expect(verdict(server, 'viewer', VIEWER, (doc) => expensesMap(doc).set(id(1), expense(VIEWER, { amount: 5000 })))).toMatchObject({ ok: true });
    expect(verdict(server, 'viewer', VIEWER, (doc) => expensesMap(doc).delete(id(1)))).toMatchObject({ ok: true });
  });

  it("refuses a viewer's expense in another's name, and edits or deletes of another's", () => {
    const server = withExpenses();
    const refused = { ok: false, reason: 'expenses entry not yours' };
    expect(verdict(server, 'viewer', VIEWER, (doc) => expensesMap(doc).set(id(3), expense(OTHER)))).toEqual(refused);
    expect(verdict(server, 'viewer', VIEWER, (doc) => expensesMap(doc).set(id(3), expense(VIEWER, { createdBy: OTHER })))).toEqual(refused);
    expect(verdict(server, 'viewer', VIEWER, (doc) => expensesMap(doc).set(id(2), expense(VIEWER)))).toEqual(refused);
    expect(verdict(server, 'viewer', VIEWER, (doc) => expensesMap(doc).set(id(1), expense(OTHER)))).toEqual(refused);
    expect(verdict(server, 'viewer', VIEWER, (doc) => expensesMap(doc).delete(id(2)))).toEqual(refused);
  });

  it('lets an editor edit and delete anyone\'s expense, keeping who created it', () => {
    const server = withExpenses();
    expect(verdict(server, 'editor', EDITOR, (doc) => expensesMap(doc).set(id(2), expense(OTHER, { amount: 1 })))).toMatchObject({ ok: true });
    expect(verdict(server, 'editor', EDITOR, (doc) => expensesMap(doc).delete(id(2)))).toMatchObject({ ok: true });
    expect(verdict(server, 'editor', EDITOR, (doc) => expensesMap(doc).set(id(3), expense(OTHER, { createdBy: EDITOR })))).toMatchObject({ ok: true });
    expect(verdict(server, 'editor', EDITOR, (doc) => expensesMap(doc).set(id(3), expense(OTHER)))).toEqual({ ok: false, reason: 'expenses entry not yours' });
  });

  it('refuses values outside the field table, whoever writes them', () => {
    const server = withExpenses();
    const bad = { ok: false, reason: 'invalid expenses entry' };
    const exact = { kind: 'exact' as const, parts: [{ userId: VIEWER, value: 4000 }] };
    expect(verdict(server, 'owner', 1, (doc) => expensesMap(doc).set(id(3), expense(1, { split: exact })))).toEqual(bad);
    expect(verdict(server, 'owner', 1, (doc) => expensesMap(doc).set(id(3), expense(1, { amount: 12.5 })))).toEqual(bad);
    expect(verdict(server, 'owner', 1, (doc) => expensesMap(doc).set(id(3), expense(1, { currency: 'XYZ' })))).toEqual(bad);
    expect(verdict(server, 'owner', 1, (doc) => expensesMap(doc).set(id(3), expense(1, { description: 'a\u0000b' })))).toEqual(bad);
    expect(verdict(server, 'owner', 1, (doc) => expensesMap(doc).set(id(3), new Y.Map()))).toEqual(bad);
    expect(verdict(server, 'owner', 1, (doc) => expensesMap(doc).set('not-an-id', expense(1)))).toEqual({ ok: false, reason: 'invalid expenses id' });
    // A shared type is no plain value: refused as a value that fails its schema under the same key.
    expect(verdict(server, 'owner', 1, (doc) => expensesMap(doc).set('not-an-id', new Y.Map()))).toEqual({ ok: false, reason: 'invalid expenses id' });
    expect(verdict(server, 'owner', 1, (doc) => paymentsMap(doc).set(id(5), new Y.Array()))).toEqual({ ok: false, reason: 'invalid payments entry' });
    // `undefined` set as a value is no deletion: it would hold a key no limit counts.
    expect(verdict(server, 'viewer', VIEWER, (doc) => expensesMap(doc).set(FRESH, undefined))).toEqual({ ok: false, reason: 'invalid expenses entry' });
    expect(verdict(server, 'owner', 1, (doc) => moneySettingsMap(doc).set('homeCurrency', new Y.Text('EUR')))).toEqual({ ok: false, reason: 'invalid value for homeCurrency' });
    expect(verdict(server, 'owner', 1, (doc) => moneySettingsMap(doc).set('colour', new Y.Map()))).toEqual({ ok: false, reason: 'unknown money setting: "colour"' });
  });

  it("refuses an expense whose rate is not in the writers' normal form: a rate and what it converts to come together, to another currency", () => {
    const server = withExpenses();
    const bad = { ok: false, reason: 'invalid expenses entry' };
    // Each was taken before, while REST wrote only the normal form.
    for (const rate of [
      { currency: 'EUR', rate: '2', rateTo: 'EUR' },
      { currency: 'USD', rate: '0.9', rateTo: null },
      { currency: 'USD', rate: null, rateTo: 'EUR' },
    ]) {
      expect(verdict(server, 'viewer', VIEWER, (doc) => expensesMap(doc).set(id(3), expense(VIEWER, rate)))).toEqual(bad);
      expect(verdict(server, 'viewer', VIEWER, (doc) => expensesMap(doc).set(id(1), expense(VIEWER, rate)))).toEqual(bad);
    }
    expect(verdict(server, 'viewer', VIEWER, (doc) => expensesMap(doc).set(id(3), expense(VIEWER, { currency: 'USD', rate: '0.9', rateTo: 'EUR' })))).toMatchObject({ ok: true });
    // Against a home currency the device knew, changed meanwhile: still normal, so an offline device syncs.
    moneySettingsMap(server).set('homeCurrency', 'GBP');
    expect(verdict(server, 'viewer', VIEWER, (doc) => expensesMap(doc).set(id(3), expense(VIEWER, { currency: 'USD', rate: '0.9', rateTo: 'EUR' })))).toMatchObject({ ok: true });
  });

  it("takes as a receipt only a stored photo, with REST's message; an expense kept with an outside one stays its payer's", () => {
    const server = withExpenses();
    const stored = `/_api/photos/${FRESH}`;
    expect(verdict(server, 'viewer', VIEWER, (doc) => expensesMap(doc).set(id(3), expense(VIEWER, { receiptPhoto: stored })))).toMatchObject({ ok: true });
    for (const receiptPhoto of ['https://tracker.example/pixel.gif', '//tracker.example/pixel.gif', `/_api/photos/${FRESH}/../../x`, 'data:image/gif;base64,R0lGOD']) {
      const written = verdict(server, 'owner', OWNER, (doc) => expensesMap(doc).set(id(3), expense(OWNER, { receiptPhoto })));
      expect(written).toEqual({ ok: false, reason: moneyMessages.invalidReceipt });
    }
    expensesMap(server).set(id(4), expense(VIEWER, { receiptPhoto: 'https://tracker.example/pixel.gif' }));
    expect(verdict(server, 'viewer', VIEWER, (doc) => expensesMap(doc).set(id(4), expense(VIEWER, { amount: 5000 })))).toMatchObject({ ok: true });
    expect(verdict(server, 'viewer', VIEWER, (doc) => expensesMap(doc).delete(id(4)))).toMatchObject({ ok: true });
    expect(verdict(server, 'viewer', OTHER, (doc) => expensesMap(doc).delete(id(4)))).toEqual({ ok: false, reason: 'expenses entry not yours' });
  });

  it("refuses a new or changed entry naming someone not on the trip, with REST's message; a past one stays", () => {
    const server = withExpenses();
    const refused = { ok: false, reason: moneyMessages.notAMember };
    const splitWith = (userId: number) => ({ kind: 'equal' as const, parts: [{ userId: VIEWER, value: 1 }, { userId, value: 1 }] });
    expect(verdict(server, 'editor', EDITOR, (doc) => expensesMap(doc).set(id(3), expense(OUTSIDER, { createdBy: EDITOR })))).toEqual(refused);
    expect(verdict(server, 'viewer', VIEWER, (doc) => expensesMap(doc).set(id(3), expense(VIEWER, { split: splitWith(OUTSIDER) })))).toEqual(refused);
    expect(verdict(server, 'viewer', VIEWER, (doc) => expensesMap(doc).set(id(1), expense(VIEWER, { split: splitWith(OUTSIDER) })))).toEqual(refused);
    const payment = { from: VIEWER, to: OUTSIDER, amount: 2100, currency: 'EUR', date: '2026-07-02', createdBy: VIEWER, createdAt: '2026-07-02T00:00:00Z' };
    expect(verdict(server, 'viewer', VIEWER, (doc) => paymentsMap(doc).set(id(5), payment))).toEqual(refused);
    // OTHER leaves the trip: their expense stays and may still be deleted, but no new or changed entry may name them.
    const withoutOther = new Map([OWNER, VIEWER, EDITOR].map((id) => [id, `Member ${id}`]));
    expect(verdict(server, 'editor', EDITOR, (doc) => expensesMap(doc).set(id(4), expense(VIEWER, { createdBy: EDITOR })), withoutOther)).toEqual(refused);
    expect(verdict(server, 'editor', EDITOR, (doc) => expensesMap(doc).delete(id(2)), withoutOther)).toMatchObject({ ok: true });
    expect(verdict(server, 'viewer', VIEWER, (doc) => expensesMap(doc).set(id(3), expense(VIEWER, { split: splitWith(EDITOR) })), withoutOther)).toMatchObject({ ok: true });
  });

  it('lets a member record a payment they are part of, and nobody else', () => {
    const server = withExpenses();
    const payment = (from: number, to: number) => ({ from, to, amount: 2100, currency: 'EUR', date: '2026-07-02', createdBy: VIEWER, createdAt: '2026-07-02T00:00:00Z' });
    expect(verdict(server, 'viewer', VIEWER, (doc) => paymentsMap(doc).set(id(5), payment(VIEWER, OTHER)))).toMatchObject({ ok: true });
    expect(verdict(server, 'viewer', VIEWER, (doc) => paymentsMap(doc).set(id(5), payment(OTHER, EDITOR)))).toEqual({ ok: false, reason: 'payments entry not yours' });
    expect(verdict(server, 'viewer', VIEWER, (doc) => paymentsMap(doc).set(id(5), payment(VIEWER, VIEWER)))).toEqual({ ok: false, reason: 'invalid payments entry' });
  });

  it('keeps the home currency and budgets to owner and editors; any member remembers a rate', () => {
    const server = withExpenses();
    expect(verdict(server, 'viewer', VIEWER, (doc) => moneySettingsMap(doc).set('homeCurrency', 'USD'))).toEqual({ ok: false, reason: 'money setting not writable: homeCurrency' });
    expect(verdict(server, 'viewer', VIEWER, (doc) => moneySettingsMap(doc).set('budget:fuel', 100))).toEqual({ ok: false, reason: 'money setting not writable: budget:fuel' });
    expect(verdict(server, 'viewer', VIEWER, (doc) => moneySettingsMap(doc).set('rate:USD', '0.92'))).toMatchObject({ ok: true });
    expect(verdict(server, 'viewer', VIEWER, (doc) => moneySettingsMap(doc).set('rate:USD', '-1'))).toEqual({ ok: false, reason: 'invalid value for rate:USD' });
    expect(verdict(server, 'editor', EDITOR, (doc) => moneySettingsMap(doc).set('homeCurrency', 'USD'))).toMatchObject({ ok: true });
    expect(verdict(server, 'editor', EDITOR, (doc) => moneySettingsMap(doc).set('homeCurrency', 'usd'))).toEqual({ ok: false, reason: 'invalid value for homeCurrency' });
    expect(verdict(server, 'editor', EDITOR, (doc) => moneySettingsMap(doc).set('colour', 'red'))).toEqual({ ok: false, reason: 'unknown money setting: "colour"' });
  });

  it('refuses the 2,001st expense, and counts deleted ones out', () => {
    const server = withExpenses();
    server.transact(() => {
      for (let n = 3; n <= MONEY_ENTRIES_MAX; n++) expensesMap(server).set(`00000000-0000-4000-9000-${String(n).padStart(12, '0')}`, expense(VIEWER));
    });
    expect(verdict(server, 'viewer', VIEWER, (doc) => expensesMap(doc).set(FRESH, expense(VIEWER)))).toEqual({ ok: false, reason: 'too many expenses' });
    expensesMap(server).delete(id(2));
    expect(verdict(server, 'viewer', VIEWER, (doc) => expensesMap(doc).set(FRESH, expense(VIEWER)))).toMatchObject({ ok: true });
  });

  it('still refuses a viewer any stop write, and everyone any other root', () => {
    const server = withExpenses();
    expect(verdict(server, 'viewer', VIEWER, (doc) => doc.getMap('stops').delete('00000000-0000-4000-8000-000000000061'))).toEqual({ ok: false, reason: 'read-only connection' });
    expect(verdict(server, 'owner', 1, (doc) => doc.getMap('elsewhere').set('x', 1))).toEqual({ ok: false, reason: 'write outside stops' });
  });
});

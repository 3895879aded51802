/** The money part's writers, judged by its own rule and applied as either door applies them, with the activity they record. */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { applyKeyWrites } from '../applyKeyWrites.ts';
import type { KeyWrite, PartWriter } from '../part.ts';
import { activityOf, judgeWrites } from '../registry.ts';
import { readMoney } from './read.ts';
import { MONEY_ROOT, ZDocExpense, expensesMap, moneySettingsMap, paymentsMap } from './schema.ts';
import { addExpense, deleteExpense, deletePayment, recordPayment, setMoneySetting, updateExpense, type ExpenseFields } from './write.ts';

const [OWNER, VIEWER, OTHER] = [1, 7, 8];
const MEMBERS = new Map([OWNER, VIEWER, OTHER].map((id) => [id, `Member ${id}`]));
const NOW = new Date('2026-07-01T10:00:00.000Z');
const LATER = new Date('2026-07-02T10:00:00.000Z');
const id = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
const as = (role: PartWriter['role'], userId: number): PartWriter => ({ role, userId, members: MEMBERS });

const fuel = (fields: Partial<ExpenseFields> = {}): ExpenseFields => ({
  description: 'Fuel',
  amount: 4200,
  currency: 'EUR',
  paidBy: VIEWER,
  date: '2026-07-01',
  category: 'fuel',
  stopId: null,
  receiptPhoto: null,
  split: { kind: 'equal', parts: [{ userId: VIEWER, value: 1 }, { userId: OTHER, value: 1 }] },
  rate: null,
  ...fields,
});

/** Judges `writes` as `writer`'s and applies them (with what the judge puts right); answers the refusal or the activity types. */
function write(doc: Y.Doc, writes: KeyWrite[], writer: PartWriter, now = NOW): string | string[] {
  const verdict = judgeWrites(doc, writes, writer, now);
  if (verdict.refusal !== null) return verdict.refusal;
  let types: string[] = [];
  doc.transact(() => {
    types = activityOf(doc, applyKeyWrites(doc, [...writes, ...verdict.rewrites]), writer).map((note) => note.type);
  });
  return types;
}

describe('the money part\'s writers', () => {
  it('record an expense with its rate in normal form, remembered for its currency, and nothing for one in the home currency', () => {
    const doc = new Y.Doc();
    moneySettingsMap(doc).set('homeCurrency', 'EUR');
    expect(write(doc, addExpense(doc, id(1), fuel({ currency: 'USD', rate: '0.9' }), { userId: VIEWER, now: NOW }), as('viewer', VIEWER))).toEqual(['expense_added']);
    expect(expensesMap(doc).get(id(1))).toMatchObject({ currency: 'USD', rate: '0.9', rateTo: 'EUR', createdBy: VIEWER, createdAt: NOW.toISOString() });
    expect(readMoney(doc).rates).toEqual({ USD: '0.9' });

    // A rate sent with an expense in the home currency converts nothing: none is kept, none remembered.
    const writes = addExpense(doc, id(2), fuel({ rate: '2' }), { userId: VIEWER, now: NOW });
    expect(writes).toEqual([{ root: MONEY_ROOT.expenses, key: id(2), value: expect.objectContaining({ currency: 'EUR', rate: null, rateTo: null }) }]);
    expect(writes.every((entry) => ZDocExpense.safeParse(entry.value).success)).toBe(true);
  });

  it('update an expense keeping who recorded it and when, by its payer or an editor, and not by another viewer', () => {
    const doc = new Y.Doc();
    write(doc, addExpense(doc, id(1), fuel(), { userId: VIEWER, now: NOW }), as('viewer', VIEWER));
    const edit = (userId: number) => updateExpense(doc, id(1), fuel({ amount: 5000 }), { userId, now: LATER });
    expect(write(doc, edit(OTHER), as('viewer', OTHER), LATER)).toBe('expenses entry not yours');
    expect(write(doc, edit(OWNER), as('owner', OWNER), LATER)).toEqual(['expense_updated']);
    expect(expensesMap(doc).get(id(1))).toMatchObject({ amount: 5000, createdBy: VIEWER, createdAt: NOW.toISOString() });
    expect(write(doc, deleteExpense(id(1)), as('viewer', OTHER))).toBe('expenses entry not yours');
    expect(write(doc, deleteExpense(id(1)), as('viewer', VIEWER))).toEqual(['expense_deleted']);
  });

  it('record and delete a payment between two members, one of them the writer unless an editor', () => {
    const doc = new Y.Doc();
    const payment = { from: VIEWER, to: OTHER, amount: 2100, currency: 'EUR', date: '2026-07-02' };
    expect(write(doc, recordPayment(id(3), { ...payment, from: OWNER }, { userId: VIEWER, now: NOW }), as('viewer', VIEWER))).toBe('payments entry not yours');
    expect(write(doc, recordPayment(id(3), payment, { userId: VIEWER, now: NOW }), as('viewer', VIEWER))).toEqual(['payment_recorded']);
    expect(paymentsMap(doc).get(id(3))).toEqual({ ...payment, createdBy: VIEWER, createdAt: NOW.toISOString() });
    expect(write(doc, deletePayment(id(3)), as('owner', OWNER))).toEqual(['payment_deleted']);
    expect(paymentsMap(doc).size).toBe(0);
  });

  it('set and clear a setting under its rule: the home currency an editor\'s, a rate any member\'s; settings record no activity', () => {
    const doc = new Y.Doc();
    expect(write(doc, setMoneySetting('homeCurrency', 'USD'), as('viewer', VIEWER))).toBe('money setting not writable: homeCurrency');
    expect(write(doc, setMoneySetting('homeCurrency', 'USD'), as('editor', OTHER))).toEqual([]);
    expect(write(doc, setMoneySetting('rate:EUR', '1.08'), as('viewer', VIEWER))).toEqual([]);
    expect(readMoney(doc)).toMatchObject({ homeCurrency: 'USD', rates: { EUR: '1.08' } });
    expect(write(doc, setMoneySetting('rate:EUR', null), as('viewer', VIEWER))).toEqual([]);
    expect(readMoney(doc).rates).toEqual({});
  });
});

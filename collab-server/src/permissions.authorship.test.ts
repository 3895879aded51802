/**
 * checkClientUpdate on ids and authorship (./rewrites.ts): an id deleted before is never used again (taken and
 * deleted again, and not counted), who made an entry is the writer, and when is near the server's clock.
 */
import { describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import {
  MAX_CHECKLISTS,
  MAX_POLLS,
  MONEY_ENTRIES_MAX,
  checklistItemsMap,
  checklistsMap,
  expensesMap,
  messages,
  pollsMap,
  type DocChecklist,
  type DocChecklistItem,
  type DocExpense,
  type DocPoll,
  type TTripRole,
} from '@caravan/shared';
import { checkClientUpdate } from './permissions.ts';
import { capture, copyOf, serverDoc } from './test/tripDocUpdates.ts';

const OWNER = 1;
const EDITOR = 2;
const VIEWER = 3;
const MEMBERS = new Map([OWNER, EDITOR, VIEWER].map((id) => [id, `Member ${id}`]));
const NOW = new Date('2026-05-01T12:00:00.000Z');
const RECENT = '2026-05-01T11:59:30.000Z';
const FORGED = '2001-01-01T00:00:00.000Z';
const uuid = (group: string, n: number) => `00000000-0000-4000-${group}-${String(n).padStart(12, '0')}`;
const LIST = uuid('8000', 1);
const ITEM = uuid('8000', 2);
const EXPENSE = uuid('9000', 1);
const POLL = uuid('a000', 1);

const list = (fields: Partial<DocChecklist> = {}): DocChecklist => ({ title: 'Packing', createdBy: OWNER, createdAt: RECENT, ...fields });
const item = (fields: Partial<DocChecklistItem> = {}): DocChecklistItem => ({
  listId: LIST,
  text: 'Tent',
  pos: 'a0',
  assignee: null,
  dueDate: null,
  createdBy: OWNER,
  createdAt: RECENT,
  ...fields,
});
const expense = (fields: Partial<DocExpense> = {}): Omit<DocExpense, 'id'> => ({
  description: 'Fuel',
  amount: 4200,
  currency: 'EUR',
  paidBy: OWNER,
  createdBy: OWNER,
  date: '2026-05-01',
  category: 'fuel',
  stopId: null,
  receiptPhoto: null,
  split: { kind: 'equal', parts: [{ userId: OWNER, value: 1 }, { userId: EDITOR, value: 1 }] },
  rate: null,
  rateTo: null,
  createdAt: RECENT,
  ...fields,
});
const poll = (fields: Partial<DocPoll> = {}): DocPoll => ({
  question: 'Where do we sleep?',
  options: ['Big Sur', 'Carmel'],
  multiple: false,
  closesAt: null,
  createdBy: EDITOR,
  createdAt: RECENT,
  closedAt: null,
  closedBy: null,
  ...fields,
});

/** The server's document with the owner's list, one item on it, one expense, and the editor's open poll. */
function withEntries(): Y.Doc {
  const doc = serverDoc();
  checklistsMap(doc).set(LIST, list());
  checklistItemsMap(doc).set(ITEM, item());
  expensesMap(doc).set(EXPENSE, expense());
  pollsMap(doc).set(POLL, poll());
  return doc;
}

/** What a synced client of `userId` sends for `edit`, as the server judges it at NOW. */
function verdict(server: Y.Doc, role: TTripRole, userId: number, edit: (client: Y.Doc) => void) {
  const client = copyOf(server);
  return checkClientUpdate(server, capture(client, () => edit(client)), { role, userId, members: MEMBERS }, NOW);
}

describe('live door: ids deleted before are never used again', () => {
  it('takes a list or item written under a deleted id (an offline edit of what was deleted meanwhile) and deletes it again', () => {
    const server = withEntries();
    const client = copyOf(server);
    checklistItemsMap(server).delete(ITEM);
    checklistsMap(server).delete(LIST);
    // The client still holds both and edits them, in another member's name even: taken, and taken back.
    const update = capture(client, () => {
      checklistsMap(client).set(LIST, list({ title: 'Renamed' }));
      checklistItemsMap(client).set(ITEM, item({ text: 'Renamed' }));
    });
    expect(checkClientUpdate(server, update, { role: 'editor', userId: EDITOR, members: MEMBERS }, NOW)).toMatchObject({
      ok: true,
      rewrites: [
        { root: 'checklists', key: LIST, value: undefined },
        { root: 'checklistItems', key: ITEM, value: undefined },
      ],
    });
  });

  it('does not count lists re-created under deleted ids, and takes a new item into a deleted list back', () => {
    const server = serverDoc();
    const ids = Array.from({ length: MAX_CHECKLISTS }, (_, n) => uuid('8000', 100 + n));
    for (const id of ids) checklistsMap(server).set(id, list());
    for (const id of ids) checklistsMap(server).delete(id);
    for (let n = 0; n < MAX_CHECKLISTS; n++) checklistsMap(server).set(uuid('8000', 200 + n), list());
    const again = verdict(server, 'editor', EDITOR, (doc) => {
      for (const id of ids) checklistsMap(doc).set(id, list({ createdBy: OWNER, createdAt: FORGED }));
    });
    expect(again).toMatchObject({ ok: true });
    expect(again.ok && again.rewrites).toEqual(ids.map((key) => ({ root: 'checklists', key, value: undefined })));
    expect(verdict(server, 'editor', EDITOR, (doc) => checklistsMap(doc).set(uuid('8000', 999), list({ createdBy: EDITOR })))).toEqual({
      ok: false,
      reason: messages.checklists.tooManyLists,
    });
    const intoDeleted = verdict(server, 'editor', EDITOR, (doc) => checklistItemsMap(doc).set(uuid('8000', 998), item({ listId: ids[0], createdBy: EDITOR })));
    expect(intoDeleted).toMatchObject({ ok: true, rewrites: [{ root: 'checklistItems', key: uuid('8000', 998), value: undefined }] });
  });

  it('takes an expense written under a deleted id, even in another member\'s name, and deletes it again', () => {
    const server = withEntries();
    const client = copyOf(server);
    expensesMap(server).delete(EXPENSE);
    const update = capture(client, () => expensesMap(client).set(EXPENSE, expense({ amount: 5000 })));
    expect(checkClientUpdate(server, update, { role: 'viewer', userId: VIEWER, members: MEMBERS }, NOW)).toMatchObject({
      ok: true,
      rewrites: [{ root: 'expenses', key: EXPENSE, value: undefined }],
    });
  });

  it('counts every new expense of one update against the limit', () => {
    const server = serverDoc();
    server.transact(() => {
      for (let n = 0; n < MONEY_ENTRIES_MAX - 1; n++) expensesMap(server).set(uuid('9000', 100 + n), expense());
    });
    const one = verdict(server, 'editor', EDITOR, (doc) => expensesMap(doc).set(uuid('9000', 9001), expense({ createdBy: EDITOR })));
    expect(one).toMatchObject({ ok: true });
    const two = verdict(server, 'editor', EDITOR, (doc) => {
      expensesMap(doc).set(uuid('9000', 9001), expense({ createdBy: EDITOR }));
      expensesMap(doc).set(uuid('9000', 9002), expense({ createdBy: EDITOR }));
    });
    expect(two).toEqual({ ok: false, reason: 'too many expenses' });
  });
});

describe('live door: who made an entry and when', () => {
  it("refuses another member's name on a new list, item, expense or poll, and a changed one on an edit", () => {
    const server = withEntries();
    const refused = (edit: (doc: Y.Doc) => void) => {
      const answer = verdict(server, 'editor', EDITOR, edit);
      return answer.ok ? 'accepted' : answer.reason;
    };
    expect(refused((doc) => checklistsMap(doc).set(uuid('8000', 50), list()))).toBe('a list is made by its writer');
    expect(refused((doc) => checklistItemsMap(doc).set(uuid('8000', 51), item()))).toBe('an item is made by its writer');
    expect(refused((doc) => expensesMap(doc).set(uuid('9000', 50), expense({ paidBy: EDITOR })))).toBe('expenses entry not yours');
    expect(refused((doc) => pollsMap(doc).set(uuid('a000', 50), poll({ createdBy: OWNER })))).toBe('a poll is started by its writer');
    expect(refused((doc) => checklistsMap(doc).set(LIST, list({ createdBy: EDITOR })))).toBe('a list changes only its title');
    expect(refused((doc) => checklistItemsMap(doc).set(ITEM, item({ createdBy: EDITOR })))).toBe('an item keeps who made it');
  });

  it("gives a new entry dated far from now the server's time, and keeps one dated near it", () => {
    const server = withEntries();
    const stamped = NOW.toISOString();
    const newList = uuid('8000', 60);
    const newItem = uuid('8000', 61);
    const newExpense = uuid('9000', 60);
    const newPoll = uuid('a000', 60);
    expect(
      verdict(server, 'editor', EDITOR, (doc) => {
        checklistsMap(doc).set(newList, list({ createdBy: EDITOR, createdAt: FORGED }));
        checklistItemsMap(doc).set(newItem, item({ createdBy: EDITOR, createdAt: '2099-01-01T00:00:00.000Z' }));
        expensesMap(doc).set(newExpense, expense({ paidBy: EDITOR, createdBy: EDITOR, createdAt: FORGED }));
        pollsMap(doc).set(newPoll, poll({ createdAt: FORGED }));
      }),
    ).toMatchObject({
      ok: true,
      rewrites: expect.arrayContaining([
        { root: 'checklists', key: newList, value: expect.objectContaining({ createdAt: stamped }) },
        { root: 'checklistItems', key: newItem, value: expect.objectContaining({ createdAt: stamped }) },
        { root: 'expenses', key: newExpense, value: expect.objectContaining({ createdAt: stamped }) },
        { root: 'polls', key: newPoll, value: expect.objectContaining({ createdAt: stamped }) },
      ]),
    });
    expect(verdict(server, 'editor', EDITOR, (doc) => checklistsMap(doc).set(newList, list({ createdBy: EDITOR })))).toMatchObject({ ok: true, rewrites: [] });
  });

  it('puts back the date an edit changes, keeping the edit, and stamps a close dated far from now', () => {
    const server = withEntries();
    expect(verdict(server, 'owner', OWNER, (doc) => checklistsMap(doc).set(LIST, list({ title: 'Renamed', createdAt: FORGED })))).toMatchObject({
      ok: true,
      rewrites: [{ root: 'checklists', key: LIST, value: { ...list({ title: 'Renamed' }), createdAt: RECENT } }],
    });
    expect(verdict(server, 'owner', OWNER, (doc) => expensesMap(doc).set(EXPENSE, expense({ amount: 1, createdAt: FORGED })))).toMatchObject({
      ok: true,
      rewrites: [{ root: 'expenses', key: EXPENSE, value: { ...expense({ amount: 1 }), createdAt: RECENT } }],
    });
    expect(
      verdict(server, 'editor', EDITOR, (doc) => pollsMap(doc).set(POLL, poll({ closedAt: '2030-01-01T00:00:00.000Z', closedBy: EDITOR }))),
    ).toMatchObject({ ok: true, rewrites: [{ root: 'polls', key: POLL, value: expect.objectContaining({ closedAt: NOW.toISOString() }) }] });
  });

  it('closes a poll on a trip holding the most polls: a close is not a new poll', () => {
    const server = withEntries();
    for (let n = 1; n < MAX_POLLS; n++) pollsMap(server).set(uuid('a000', 100 + n), poll());
    expect(verdict(server, 'editor', EDITOR, (doc) => pollsMap(doc).set(POLL, poll({ closedAt: RECENT, closedBy: EDITOR })))).toMatchObject({ ok: true });
  });
});

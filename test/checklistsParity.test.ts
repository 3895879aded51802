/** Checklists written through REST and through the live door leave the same lists, activity and refusals (./parts/doorParity.ts). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type * as Y from 'yjs';
import { calls, checklistWrites, readChecklist, readChecklistItem, readChecklistItems, readChecklists, type KeyWrite } from '@caravan/shared';
import { checkDoorParity, named, ref, sequenceOf, userOf, type Actor, type Crew, type Labels, type Named, type PartParityCase, type RestWrite } from './parts/doorParity.ts';
import { useTestStack } from './stack.ts';

const t = useTestStack();

type ChecklistAction = { actor: Actor; label: string } & (
  | { op: 'createList'; title: string }
  | { op: 'deleteList'; list: string }
  | { op: 'addItem'; list: string; text: string; assignee: Named | null; dueDate: string | null }
  | { op: 'updateItem'; item: string; text?: string; assignee?: Named | null; dueDate?: string | null }
  | { op: 'tick'; item: string; done: boolean }
  | { op: 'deleteItem'; item: string }
  | { op: 'moveItem'; item: string; before: string | null }
);

const text = fc.constantFrom('Tent', 'Stove', 'Maps', 'Snacks');
const dueDate = fc.constantFrom(null, '2027-06-01', '2027-06-02');
const assignee = fc.option(named, { nil: null });
const step = fc.oneof(
  { weight: 2, arbitrary: fc.record({ op: fc.constant('createList' as const), title: fc.constantFrom('Packing', 'Food') }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deleteList' as const), list: ref }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('addItem' as const), list: ref, text, assignee, dueDate }) },
  {
    weight: 3,
    arbitrary: fc
      .record({ op: fc.constant('updateItem' as const), item: ref, text, assignee, dueDate }, { requiredKeys: ['op', 'item'] })
      .filter((action) => action.text !== undefined || action.assignee !== undefined || action.dueDate !== undefined),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('tick' as const), item: ref, done: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deleteItem' as const), item: ref }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('moveItem' as const), item: ref, before: fc.option(ref, { nil: null }) }) },
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

const actions = sequenceOf<Step>(
  [
    ['owner', { op: 'createList', title: 'Packing' }],
    ['editor', { op: 'addItem', list: 0, text: 'Tent', assignee: null, dueDate: null }],
  ],
  step,
  { list: 'list', item: 'item', before: 'item' },
  (made) => (made.op === 'createList' ? 'list' : made.op === 'addItem' ? 'item' : null),
) as fc.Arbitrary<ChecklistAction[]>;

const changesOf = (action: Extract<ChecklistAction, { op: 'updateItem' }>, crew: Crew) => ({
  ...(action.text !== undefined && { text: action.text }),
  ...(action.assignee !== undefined && { assignee: userOf(crew, action.assignee) }),
  ...(action.dueDate !== undefined && { dueDate: action.dueDate }),
});

const checklists: PartParityCase<ChecklistAction> = {
  actions,
  activityTypes: ['item_assigned'],

  rest(action, tripId, ids, crew): RestWrite {
    const c = calls.checklists;
    switch (action.op) {
      case 'createList':
        return { path: c.createList.path, body: { tripId, title: action.title }, creates: action.label };
      case 'deleteList':
        return { path: c.deleteList.path, body: { tripId, listId: ids.id(action.list) } };
      case 'addItem': {
        const body = { tripId, listId: ids.id(action.list), text: action.text, assignee: userOf(crew, action.assignee), dueDate: action.dueDate };
        return { path: c.addItem.path, body, creates: action.label };
      }
      case 'updateItem':
        return { path: c.updateItem.path, body: { tripId, itemId: ids.id(action.item), ...changesOf(action, crew) } };
      case 'tick':
        return { path: c.updateItem.path, body: { tripId, itemId: ids.id(action.item), done: action.done } };
      case 'deleteItem':
        return { path: c.deleteItem.path, body: { tripId, itemId: ids.id(action.item) } };
      case 'moveItem':
        return { path: c.moveItem.path, body: { tripId, itemId: ids.id(action.item), beforeItemId: action.before === null ? null : ids.id(action.before) } };
    }
  },

  // What the page offers: only what is there (a list to add to, an item to change, a place among its list's items).
  live(action, doc, ids, crew): KeyWrite[] {
    const author = { userId: crew[action.actor].id, now: new Date() };
    const item = 'item' in action ? readChecklistItem(doc, ids.id(action.item)) : null;
    const itemThere = item !== null && readChecklist(doc, item.listId) !== null;
    switch (action.op) {
      case 'createList': {
        const id = crypto.randomUUID();
        ids.set(action.label, id);
        return checklistWrites.createList(id, action.title, author);
      }
      case 'deleteList':
        return readChecklist(doc, ids.id(action.list)) ? checklistWrites.deleteList(doc, ids.id(action.list)) : [];
      case 'addItem': {
        if (!readChecklist(doc, ids.id(action.list))) return [];
        const id = crypto.randomUUID();
        ids.set(action.label, id);
        const fields = { listId: ids.id(action.list), text: action.text, assignee: userOf(crew, action.assignee), dueDate: action.dueDate };
        return checklistWrites.addItem(doc, id, fields, author);
      }
      case 'updateItem':
        return itemThere ? checklistWrites.updateItem(doc, ids.id(action.item), changesOf(action, crew)) : [];
      case 'tick':
        return itemThere ? checklistWrites.setDone(ids.id(action.item), action.done) : [];
      case 'deleteItem':
        return itemThere ? checklistWrites.deleteItem(ids.id(action.item)) : [];
      case 'moveItem': {
        if (!itemThere) return [];
        const siblings = readChecklistItems(doc, item.listId).map((sibling) => sibling.id);
        const before = action.before === null ? null : ids.id(action.before);
        if (before !== null && (before === ids.id(action.item) || !siblings.includes(before))) return [];
        return checklistWrites.moveItem(doc, ids.id(action.item), before);
      }
    }
  },

  view(doc: Y.Doc, ids: Labels) {
    return readChecklists(doc).map((list) => ({
      list: ids.label(list.id),
      title: list.title,
      createdBy: list.createdBy,
      items: list.items.map(({ id, text, pos, assignee, dueDate, createdBy, done }) => ({ item: ids.label(id), text, pos, assignee, dueDate, createdBy, done })),
    }));
  },
};

describe('checklists through both doors', () => {
  it('leave the same lists, the same activity and the same refusals for random writes by random members', async () => {
    const tally = await checkDoorParity(t, checklists, 15);
    // Not vacuous: both kinds of outcome, and assignments recorded.
    expect(tally.done).toBeGreaterThan(30);
    expect(tally.refused).toBeGreaterThan(10);
    expect(tally.activity).toBeGreaterThan(3);
  }, 240_000);
});

/**
 * The trip's checklists (docs/product.md#checklists), live from the trip document: owner and editors add lists and
 * items, assign, date and reorder them; every member ticks items off, offline too.
 */
import { useId } from 'react';
import type * as Y from 'yjs';
import { ZDocChecklist, canEditChecklists, type TTripRole } from '@caravan/shared';
import { SkeletonRows } from '../../components/SkeletonRows.tsx';
import { ChecklistCard } from './ChecklistCard.tsx';
import { checklistMessages as text } from './checklistMessages.ts';
import { createList, useLiveChecklists } from './useChecklists.ts';
import { useTextForm } from './useTextForm.ts';
import { useTripMembers } from './useTripMembers.ts';

export function ChecklistsTab({ tripId, role, userId, doc }: { tripId: string; role: TTripRole; userId: number; doc: Y.Doc | null }) {
  const lists = useLiveChecklists(doc);
  const canEdit = canEditChecklists(role);
  // Names for the assignee choice; from the cache when the Members tab fetched them (or this device kept them).
  const members = useTripMembers(tripId, userId).data ?? [];
  const newList = useTextForm(ZDocChecklist.shape.title, (title) => doc && createList(doc, userId, title));
  const formId = useId();
  return (
    <section aria-labelledby="collab-checklists-title" className="checklists-tab">
      <h3 id="collab-checklists-title">{text.title}</h3>
      {canEdit && doc && (
        <form className="checklist-add" onSubmit={newList.submit} noValidate>
          <label htmlFor={formId} className="visually-hidden">
            {text.newList}
          </label>
          <input id={formId} placeholder={text.newList} value={newList.value} onChange={newList.change} {...newList.describedBy} />
          <button type="submit" className="button primary small">
            {text.addList}
          </button>
          {newList.errorNode}
        </form>
      )}
      {lists === null ? (
        <SkeletonRows count={2} label={text.loading} />
      ) : lists.length === 0 ? (
        <p className="empty-text">{text.none}</p>
      ) : (
        lists.map((list) => <ChecklistCard key={list.id} list={list} doc={doc!} canEdit={canEdit} userId={userId} members={members} />)
      )}
    </section>
  );
}

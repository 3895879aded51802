/**
 * One checklist: its title and progress, its items in order (dragged by pointer, touch or keyboard with dnd-kit's
 * sortable), and for owner and editors a field to add an item and a button to delete the list.
 */
import { useId, useRef } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type * as Y from 'yjs';
import { ZDocChecklistItem, type ChecklistView, type TTripMember } from '@caravan/shared';
import { ChecklistItemRow } from './ChecklistItemRow.tsx';
import { checklistMessages as text } from './checklistMessages.ts';
import { addItem, deleteList, moveItem } from './useChecklists.ts';
import { useTextForm } from './useTextForm.ts';

interface Props {
  list: ChecklistView;
  doc: Y.Doc;
  canEdit: boolean;
  userId: number;
  members: readonly TTripMember[];
}

export function ChecklistCard({ list, doc, canEdit, userId, members }: Props) {
  const id = useId();
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const newItem = useTextForm(ZDocChecklistItem.shape.text, (value) => addItem(doc, userId, list, value));
  const done = list.items.filter((item) => item.done).length;
  // Spoken with the item's text and place: dnd-kit's own name the items by their ids.
  const place = (id: UniqueIdentifier | undefined) => {
    const index = list.items.findIndex((item) => item.id === id);
    return [list.items[index]?.text ?? '', index + 1, list.items.length] as const;
  };
  // dnd-kit reports the picked-up item as over itself at once; announcing that would replace 'Picked up' before
  // it is spoken, so only a change of position is announced.
  const lastOver = useRef<UniqueIdentifier | undefined>(undefined);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return text.dragStart(...place(active.id));
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === lastOver.current) return undefined;
      lastOver.current = over.id;
      return text.dragOver(place(active.id)[0], ...(place(over.id).slice(1) as [number, number]));
    },
    onDragEnd: ({ active, over }) => text.dragEnd(place(active.id)[0], ...place(over?.id ?? active.id).slice(1) as [number, number]),
    onDragCancel: ({ active }) => text.dragCancel(place(active.id)[0]),
  };

  function end({ active, over }: DragEndEvent) {
    if (!over || over.id === active.id) return;
    const item = list.items.find((candidate) => candidate.id === active.id);
    const to = list.items.findIndex((candidate) => candidate.id === over.id);
    if (item && to >= 0) moveItem(doc, list, item, to);
  }

  return (
    <article className="checklist" aria-labelledby={`${id}-title`}>
      <header className="checklist-header">
        <h4 id={`${id}-title`}>{list.title}</h4>
        <span className="muted small">{text.progress(done, list.items.length)}</span>
        {canEdit && (
          <button type="button" className="button small danger ghost" aria-label={text.deleteList(list.title)} onClick={() => deleteList(doc, list)}>
            ✕
          </button>
        )}
      </header>
      {list.items.length === 0 ? (
        <p className="empty-text">{text.noItems}</p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          accessibility={{ announcements, screenReaderInstructions: { draggable: text.dragInstructions } }}
          onDragEnd={end}
        >
          <SortableContext items={list.items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
            <ul className="checklist-items" aria-label={list.title}>
              {list.items.map((item) => (
                <ChecklistItemRow key={item.id} item={item} doc={doc} canEdit={canEdit} members={members} />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      )}
      {canEdit && (
        <form className="checklist-add" onSubmit={newItem.submit} noValidate>
          <label htmlFor={`${id}-new`} className="visually-hidden">
            {text.newItem(list.title)}
          </label>
          <input id={`${id}-new`} placeholder={text.newItem(list.title)} value={newItem.value} onChange={newItem.change} {...newItem.describedBy} />
          <button type="submit" className="button small">
            {text.addItem}
          </button>
          {newItem.errorNode}
        </form>
      )}
    </article>
  );
}

/**
 * One checklist item: a labelled checkbox every member ticks; for owner and editors a drag handle, the assignee
 * (a current member) and due date, and delete; for viewers the assignee and due date as text.
 */
import { useId } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type * as Y from 'yjs';
import type { ChecklistItemView, TTripMember } from '@caravan/shared';
import { checklistMessages as text } from './checklistMessages.ts';
import { deleteItem, setDone, updateItem } from './useChecklists.ts';

interface Props {
  item: ChecklistItemView;
  doc: Y.Doc;
  canEdit: boolean;
  members: readonly TTripMember[];
}

export function ChecklistItemRow({ item, doc, canEdit, members }: Props) {
  const id = useId();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.id, disabled: !canEdit });
  const assigneeName = members.find((member) => member.userId === item.assignee)?.displayName ?? null;
  return (
    <li
      ref={setNodeRef}
      className={`checklist-item${item.done ? ' is-done' : ''}${isDragging ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {canEdit && (
        <button type="button" className="drag-handle" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={text.dragHandle(item.text)}>
          ⠿
        </button>
      )}
      <label className="checklist-check" htmlFor={`${id}-done`}>
        <input id={`${id}-done`} type="checkbox" checked={item.done} onChange={(event) => setDone(doc, item.id, event.target.checked)} />
        <span className="checklist-text">{item.text}</span>
      </label>
      {canEdit ? (
        <div className="checklist-fields">
          <select
            aria-label={text.assignee(item.text)}
            value={item.assignee ?? ''}
            onChange={(event) => updateItem(doc, item, { assignee: event.target.value ? Number(event.target.value) : null })}
          >
            <option value="">{text.nobody}</option>
            {/* An assignee who has left stays shown until someone changes it. */}
            {item.assignee !== null && assigneeName === null && <option value={item.assignee}>#{item.assignee}</option>}
            {members.map((member) => (
              <option key={member.userId} value={member.userId}>
                {member.displayName}
              </option>
            ))}
          </select>
          <input
            type="date"
            aria-label={text.dueDate(item.text)}
            value={item.dueDate ?? ''}
            onChange={(event) => updateItem(doc, item, { dueDate: event.target.value || null })}
          />
          <button type="button" className="button small danger ghost" aria-label={text.deleteItem(item.text)} onClick={() => deleteItem(doc, item.id)}>
            ✕
          </button>
        </div>
      ) : (
        (assigneeName || item.dueDate) && (
          <span className="muted small checklist-meta">{[assigneeName, item.dueDate && text.due(item.dueDate)].filter(Boolean).join(' · ')}</span>
        )
      )}
    </li>
  );
}

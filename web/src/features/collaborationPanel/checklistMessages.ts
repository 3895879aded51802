/** Texts of the Checklists tab and its activity sentence (docs/product.md#checklists). */
export const checklistMessages = {
  title: 'Checklists',
  loading: 'Loading checklists',
  none: 'No checklists yet.',
  newList: 'New list title',
  addList: 'Add list',
  deleteList: (title: string) => `Delete list "${title}"`,
  newItem: (title: string) => `New item for ${title}`,
  addItem: 'Add item',
  deleteItem: (text: string) => `Delete "${text}"`,
  noItems: 'No items yet.',
  assignee: (text: string) => `Assignee for "${text}"`,
  nobody: 'Nobody',
  dueDate: (text: string) => `Due date for "${text}"`,
  due: (date: string) => `due ${date}`,
  dragHandle: (text: string) => `Move "${text}"`,
  dragInstructions: 'To move an item, press Space or Enter, use the arrow keys, then press Space or Enter to drop it, or Escape to cancel.',
  dragStart: (item: string, position: number, total: number) => `Picked up "${item}", position ${position} of ${total}.`,
  dragOver: (item: string, position: number, total: number) => `"${item}" moved to position ${position} of ${total}.`,
  dragEnd: (item: string, position: number, total: number) => `"${item}" dropped at position ${position} of ${total}.`,
  dragCancel: (item: string) => `Moving "${item}" was cancelled.`,
  progress: (done: number, total: number) => `${done} of ${total} done`,
  /** The activity sentence of an item given to a member; `you` when the reader is that member. */
  itemAssigned: (name: string, item: string, assignee: string, you: boolean) =>
    you ? `${name} assigned you "${item}"` : `${name} assigned "${item}" to ${assignee || 'a member'}`,
} as const;

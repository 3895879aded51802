/** Whether this tab has stop edits to undo or redo, for the Undo and Redo buttons. */
import { useEffect, useState } from 'react';
import type * as Y from 'yjs';

export function useUndoState(undoManager: Y.UndoManager | null): { canUndo: boolean; canRedo: boolean } {
  const [state, setState] = useState({ canUndo: false, canRedo: false });
  useEffect(() => {
    if (!undoManager) return;
    const read = () => setState({ canUndo: undoManager.canUndo(), canRedo: undoManager.canRedo() });
    read();
    const events = ['stack-item-added', 'stack-item-popped', 'stack-cleared'] as const;
    for (const event of events) undoManager.on(event, read);
    return () => {
      for (const event of events) undoManager.off(event, read);
    };
  }, [undoManager]);
  return state;
}

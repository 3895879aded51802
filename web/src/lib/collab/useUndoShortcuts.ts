/**
 * Ctrl/Cmd-Z undoes and Ctrl/Cmd-Shift-Z or Ctrl-Y redoes this member's own trip edits — except while
 * typing in a field, where those keys belong to the field's own text undo.
 */
import { useEffect } from 'react';

export interface UndoRedo {
  undo(): unknown;
  redo(): unknown;
}

interface ShortcutEvent {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

function isTextEditing(target: EventTarget | null): boolean {
  const element = target as { tagName?: string; isContentEditable?: boolean } | null;
  if (!element) return false;
  return element.isContentEditable === true || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName ?? '');
}

/** What a key press asks for, if anything. */
export function undoShortcut(event: ShortcutEvent): 'undo' | 'redo' | null {
  if (event.altKey || !(event.ctrlKey || event.metaKey) || isTextEditing(event.target)) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && event.ctrlKey && !event.shiftKey) return 'redo';
  return null;
}

export function useUndoShortcuts(history: UndoRedo | null | undefined): void {
  useEffect(() => {
    if (!history) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const action = undoShortcut(event);
      if (!action) return;
      event.preventDefault();
      if (action === 'undo') history.undo();
      else history.redo();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [history]);
}

import { describe, expect, it } from 'vitest';
import { undoShortcut } from './useUndoShortcuts.ts';

const press = (key: string, modifiers: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }>, target: object | null = null) =>
  undoShortcut({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...modifiers, target: target as EventTarget | null });

describe('undoShortcut', () => {
  it('maps Ctrl/Cmd-Z to undo and Ctrl/Cmd-Shift-Z and Ctrl-Y to redo', () => {
    expect(press('z', { ctrlKey: true })).toBe('undo');
    expect(press('z', { metaKey: true })).toBe('undo');
    expect(press('Z', { ctrlKey: true, shiftKey: true })).toBe('redo');
    expect(press('z', { metaKey: true, shiftKey: true })).toBe('redo');
    expect(press('y', { ctrlKey: true })).toBe('redo');
    expect(press('z', {})).toBeNull();
    expect(press('y', { metaKey: true })).toBeNull();
  });

  it('leaves the keys to text fields being edited', () => {
    expect(press('z', { ctrlKey: true }, { tagName: 'INPUT' })).toBeNull();
    expect(press('z', { ctrlKey: true }, { tagName: 'TEXTAREA' })).toBeNull();
    expect(press('z', { ctrlKey: true }, { tagName: 'DIV', isContentEditable: true })).toBeNull();
    expect(press('z', { ctrlKey: true }, { tagName: 'BUTTON', isContentEditable: false })).toBe('undo');
  });
});

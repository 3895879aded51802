import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { Awareness } from 'y-protocols/awareness';
import { presentUsers } from './presence.ts';

describe('presentUsers', () => {
  it('lists each other member once, with the stop any of their tabs drags', () => {
    const awareness = new Awareness(new Y.Doc());
    const ann = { id: 7, name: 'Ann', avatarUrl: null };
    awareness.setLocalState({ user: { id: 1, name: 'Me', avatarUrl: null }, dragging: 'x' });
    awareness.states.set(101, { user: ann, dragging: null });
    awareness.states.set(102, { user: ann, dragging: 's2' });
    awareness.states.set(103, { user: { id: 3, name: 'Bob', avatarUrl: '/a.png' } });
    awareness.states.set(104, { dragging: 's3' });
    expect(presentUsers(awareness)).toEqual([
      { id: 7, name: 'Ann', avatarUrl: null, dragging: 's2' },
      { id: 3, name: 'Bob', avatarUrl: '/a.png', dragging: null },
    ]);
    awareness.destroy();
  });
});

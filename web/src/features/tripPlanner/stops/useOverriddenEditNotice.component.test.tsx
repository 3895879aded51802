import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate } from 'y-protocols/awareness';
import { addStop, findStop, orderedStops, updateStop, type DocStop } from '@caravan/shared';
import { LOCAL_ORIGIN, transactLocal } from '../../../lib/collab/localEdit.ts';
import { watchOverriddenEdits, writeMineAgain, type OverriddenEdit } from '../../../lib/collab/overriddenEdits.ts';
import type { TripConnection } from '../../../lib/collab/tripConnection.ts';
import { useToastStore } from '../../../lib/toastStore.ts';
import { NAME_WAIT_MS, useOverriddenEditNotice } from './useOverriddenEditNotice.ts';

/**
 * This member's page as far as the notice needs it: their replica with the watch the connection runs, its
 * awareness (where the other member's state arrives, as from the server), and Apply mine again.
 */
function memberPage() {
  const doc = new Y.Doc();
  doc.clientID = 100;
  addStop(doc, 'ast', { name: 'Astoria' });
  const awareness = new Awareness(doc);
  const listeners = new Set<(edits: OverriddenEdit[]) => void>();
  watchOverriddenEdits(doc, { isOwn: (origin) => origin === LOCAL_ORIGIN, onOverridden: (edits) => listeners.forEach((listener) => listener(edits)) });
  const connection = {
    doc,
    awareness,
    onOverridden: (listener: (edits: OverriddenEdit[]) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    applyMineAgain: (edits: readonly OverriddenEdit[]) => transactLocal(doc, () => writeMineAgain(doc, edits)),
  } as unknown as TripConnection;
  return { doc, awareness, connection };
}

/** Ana, client 200, renames Astoria at the same time as this member; her change arrives and wins (the higher client). */
function anaRenamesAtOnce(doc: Y.Doc): Y.Doc {
  const ana = new Y.Doc();
  ana.clientID = 200;
  Y.applyUpdate(ana, Y.encodeStateAsUpdate(doc));
  transactLocal(doc, () => updateStop(doc, 'ast', { name: 'Astoria, mine' }));
  updateStop(ana, 'ast', { name: 'Astoria, Ana’s' });
  return ana;
}

function anaIsHere(awareness: Awareness, ana: Y.Doc): void {
  const hers = new Awareness(ana);
  hers.setLocalState({ user: { id: 2, name: 'Ana', avatarUrl: null }, dragging: null });
  applyAwarenessUpdate(awareness, encodeAwarenessUpdate(hers, [ana.clientID]), 'server');
}

const toasts = () => useToastStore.getState().toasts;

// Other files in the same worker may have left toasts of their own.
beforeEach(() => useToastStore.setState({ toasts: [] }));
afterEach(() => useToastStore.setState({ toasts: [] }));

describe('the overridden-edit notice', () => {
  it('names the member once their presence arrives, and Apply mine again writes this member’s value back', async () => {
    const { doc, awareness, connection } = memberPage();
    const stops: DocStop[] = orderedStops(doc);
    renderHook(() => useOverriddenEditNotice(connection, stops));
    const ana = anaRenamesAtOnce(doc);
    act(() => Y.applyUpdate(doc, Y.encodeStateAsUpdate(ana, Y.encodeStateVector(doc)), 'server'));
    expect(findStop(doc, 'ast')?.name).toBe('Astoria, Ana’s');
    // Her presence comes just after her change (as after an offline merge): the notice waits for it.
    act(() => anaIsHere(awareness, ana));
    await waitFor(() => expect(toasts().map((toast) => toast.title)).toEqual(['Ana changed the name of Astoria at the same time; theirs was kept']));

    const [notice] = toasts();
    expect(notice.action).toMatchObject({ label: 'Apply mine again', ariaLabel: 'Apply mine again: your change of Astoria' });
    act(() => notice.action!.onAction());
    expect(findStop(doc, 'ast')?.name).toBe('Astoria, mine');
    expect(toasts().at(-1)?.title).toBe('Your change is back');
  });

  it('says "Another member" when nobody is here to name', async () => {
    const { doc, connection } = memberPage();
    renderHook(() => useOverriddenEditNotice(connection, orderedStops(doc)));
    const ana = anaRenamesAtOnce(doc);
    const told = Date.now();
    act(() => Y.applyUpdate(doc, Y.encodeStateAsUpdate(ana, Y.encodeStateVector(doc)), 'server'));
    await waitFor(() => expect(toasts().map((toast) => toast.title)).toEqual(['Another member changed the name of Astoria at the same time; theirs was kept']), {
      timeout: NAME_WAIT_MS * 3,
    });
    expect(Date.now() - told).toBeGreaterThanOrEqual(NAME_WAIT_MS - 50);
  });
});

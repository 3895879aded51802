import { describe, expect, it } from 'vitest';
import * as encoding from 'lib0/encoding';
import { rewriteAwarenessUpdate } from './presence.ts';

const ANA = { id: 1, name: 'Ana', avatarUrl: null };

function awarenessUpdate(entries: Array<{ clientId: number; clock: number; state: unknown }>): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, entries.length);
  for (const { clientId, clock, state } of entries) {
    encoding.writeVarUint(encoder, clientId);
    encoding.writeVarUint(encoder, clock);
    encoding.writeVarString(encoder, JSON.stringify(state));
  }
  return encoding.toUint8Array(encoder);
}

describe('presence rewrite', () => {
  it('claims a client id by a state, with the signed-in user, and lets its claimer remove it', () => {
    const claimed = new Set<number>();
    expect(rewriteAwarenessUpdate(awarenessUpdate([{ clientId: 7, clock: 1, state: { dragging: null, user: { id: 9 } } }]), ANA, claimed, () => false)).not.toBeNull();
    expect([...claimed]).toEqual([7]);
    expect(rewriteAwarenessUpdate(awarenessUpdate([{ clientId: 7, clock: 2, state: null }]), ANA, claimed, () => false)).not.toBeNull();
  });

  it("does not let a relayed leaving (a null state) claim another member's client id, so their return is not refused", () => {
    const claimed = new Set<number>([7]);
    // Ben's client relays Ana's leaving (client 8) after her connection is gone: nothing passes, nothing is claimed.
    expect(rewriteAwarenessUpdate(awarenessUpdate([{ clientId: 8, clock: 6, state: null }]), ANA, claimed, () => false)).toBeNull();
    expect([...claimed]).toEqual([7]);
  });

  it('refuses a client id another connection claimed', () => {
    const claimed = new Set<number>();
    expect(rewriteAwarenessUpdate(awarenessUpdate([{ clientId: 8, clock: 1, state: { dragging: 'x' } }]), ANA, claimed, (id) => id === 8)).toBeNull();
    expect(claimed.size).toBe(0);
  });
});

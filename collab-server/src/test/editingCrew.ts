/**
 * Members editing a trip until told to stop, as the crash tests need them: each adds a stop (and touches the first
 * one) every 150–250 ms, and the stops each client has had acknowledged as durable are tracked as acks arrive, so a
 * test can tell which edits were confirmed before it killed a process.
 */
import { randomUUID } from 'node:crypto';
import * as Y from 'yjs';
import { COLLAB_MESSAGE_ACK, addStop, orderedStops, updateStop } from '@caravan/shared';
import { covers, type TestClient } from './collabClient.ts';

/** Capped so that a slow restart (a busy machine) cannot take the trip past its 1,000-stop limit. */
const MAX_ADDS_PER_CLIENT = 40;

export interface EditingCrew {
  /** Stops whose add was acknowledged to its client so far. */
  acknowledged: () => string[];
  /** Every stop added so far, acknowledged or not. */
  readonly added: readonly string[];
  /** Stops the loops and waits for their last edit to be made. */
  stop: () => Promise<void>;
}

export function startEditing(group: readonly TestClient[]): EditingCrew {
  const added: string[] = [];
  const acknowledged = group.map(() => new Set<string>());
  let editing = true;
  const loops = group.map(async (client, i) => {
    const edits: Array<{ stopId: string; after: Map<number, number> }> = [];
    const handler = client.provider.messageHandlers[COLLAB_MESSAGE_ACK];
    client.provider.messageHandlers[COLLAB_MESSAGE_ACK] = (encoder, decoder, provider, emitSynced, type) => {
      handler(encoder, decoder, provider, emitSynced, type);
      for (const edit of edits) if (covers(client.acked(), edit.after)) acknowledged[i].add(edit.stopId);
    };
    let n = 0;
    while (editing && n < MAX_ADDS_PER_CLIENT) {
      const stopId = randomUUID();
      addStop(client.doc, stopId, { name: `client ${i} edit ${n++}` });
      const first = orderedStops(client.doc)[0];
      if (first) updateStop(client.doc, first.id, { notes: `touched by ${i}` });
      added.push(stopId);
      edits.push({ stopId, after: Y.decodeStateVector(Y.encodeStateVector(client.doc)) });
      await new Promise((resolve) => setTimeout(resolve, 150 + Math.random() * 100));
    }
  });
  return {
    acknowledged: () => acknowledged.flatMap((set) => [...set]),
    added,
    stop: async () => {
      editing = false;
      await Promise.all(loops);
    },
  };
}

/**
 * Whether this device's edits to a trip are durable on the server. The collab server acknowledges every
 * commit with the durable state vector (COLLAB_MESSAGE_ACK); an edit is saved once those clocks cover it.
 */
import * as Y from 'yjs';

export type SaveState = 'saving' | 'saved' | 'offline';

/** Texts for the save indicator, until they move to the shared messages. */
export const SAVE_STATUS_TEXT = {
  saving: 'Saving…',
  saved: 'Saved',
  offline: 'Offline — changes kept on this device',
} as const satisfies Record<SaveState, string>;

/**
 * Per Yjs client, the clock up to which this device need not wait for anything: what the last
 * acknowledgements said is durable, plus everything the server itself sent us. The latter counts because
 * other people's edits are not ours to save: the server fans them out before it commits them, and updates
 * written through /_api or by another server process are never followed by an ack on this socket, so
 * waiting for them would leave the indicator on "Saving…" with nothing of ours pending.
 */
export class SettledClocks {
  private readonly clocks = new Map<number, number>();

  /** Merges a state vector (an ack) or an update's end clocks (something the server sent). */
  settle(clocks: Map<number, number>): void {
    for (const [client, clock] of clocks) {
      if (clock > (this.clocks.get(client) ?? 0)) this.clocks.set(client, clock);
    }
  }

  settleAck(encodedStateVector: Uint8Array): void {
    this.settle(Y.decodeStateVector(encodedStateVector));
  }

  settleFromServer(update: Uint8Array): void {
    this.settle(Y.parseUpdateMeta(update).to);
  }

  /** True when every change in `doc` is settled, i.e. nothing made on this device awaits an ack. */
  covers(doc: Y.Doc): boolean {
    for (const [client, clock] of Y.decodeStateVector(Y.encodeStateVector(doc))) {
      if (clock > (this.clocks.get(client) ?? 0)) return false;
    }
    return true;
  }
}

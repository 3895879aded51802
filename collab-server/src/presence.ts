/**
 * Presence through y-protocols awareness, with identities set by the server: a connection may only speak
 * for the awareness client ids it claimed first (by a state, not by a removal), may only set `dragging`, and its
 * `user` is always the signed-in account, whatever the client sent.
 */
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import type { PresenceState, PresenceUser } from '@caravan/shared';

const MAX_STATE_CHARS = 1024;
const MAX_CLIENTS_PER_CONNECTION = 8;

/** Rewrites an awareness update from a connection; returns null when nothing in it may pass. */
export function rewriteAwarenessUpdate(
  update: Uint8Array,
  user: PresenceUser,
  claimed: Set<number>,
  isClaimedElsewhere: (clientId: number) => boolean,
): Uint8Array | null {
  const decoder = decoding.createDecoder(update);
  const entries: Array<{ clientId: number; clock: number; state: string }> = [];
  const count = decoding.readVarUint(decoder);
  for (let i = 0; i < count; i++) {
    const clientId = decoding.readVarUint(decoder);
    const clock = decoding.readVarUint(decoder);
    const raw = decoding.readVarString(decoder);
    if (isClaimedElsewhere(clientId)) continue;
    // y-websocket clients relay every awareness change they receive, a member's leaving (a null state) among them:
    // such a relay, arriving once the leaving member's connection is gone, must not claim their id, or their own
    // state would be refused when they come back.
    if (!claimed.has(clientId) && raw === 'null') continue;
    if (!claimed.has(clientId)) {
      if (claimed.size >= MAX_CLIENTS_PER_CONNECTION) continue;
      claimed.add(clientId);
    }
    entries.push({ clientId, clock, state: JSON.stringify(sanitize(raw, user)) });
  }
  if (!entries.length) return null;
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, entries.length);
  for (const entry of entries) {
    encoding.writeVarUint(encoder, entry.clientId);
    encoding.writeVarUint(encoder, entry.clock);
    encoding.writeVarString(encoder, entry.state);
  }
  return encoding.toUint8Array(encoder);
}

function sanitize(raw: string, user: PresenceUser): PresenceState | null {
  if (raw.length > MAX_STATE_CHARS) return { user, dragging: null };
  const parsed: unknown = JSON.parse(raw);
  if (parsed === null) return null;
  const dragging = (parsed as PresenceState | undefined)?.dragging;
  return { user, dragging: typeof dragging === 'string' && dragging.length <= 64 ? dragging : null };
}

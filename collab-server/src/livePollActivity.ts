/**
 * Records "closed the poll" for a member's live edit that closes one, as REST's pollCloser records it
 * (engine/src/tripDocs/pollActivity.ts): only in the room holding the writer's connection, so once.
 */
import type * as Y from 'yjs';
import { pollsMap, readPoll } from '@caravan/shared';
import { recordPollClosed } from '@caravan/engine';
import { Connection } from './connection.ts';

/** Starts watching `doc`'s polls; `applyDerived` is the room's. Returns the stop function. */
export function watchLivePollActivity(doc: Y.Doc, applyDerived: (change: (doc: Y.Doc) => void) => void): () => void {
  const polls = pollsMap(doc);
  const observer = (event: Y.YMapEvent<unknown>, transaction: Y.Transaction) => {
    const origin = transaction.origin;
    if (!(origin instanceof Connection)) return;
    const { id, displayName, avatarUrl } = origin.user;
    const closed = [...event.keysChanged].flatMap((key) => {
      const poll = readPoll(doc, key, id);
      const before = event.changes.keys.get(key)?.oldValue as { closedAt?: unknown } | undefined;
      return poll && poll.closedAt !== null && (before?.closedAt ?? null) === null ? [poll] : [];
    });
    if (closed.length === 0) return;
    applyDerived((current) => {
      for (const poll of closed) recordPollClosed(current, { id, displayName, avatarUrl: avatarUrl ?? null }, poll);
    });
  };
  polls.observe(observer);
  return () => polls.unobserve(observer);
}

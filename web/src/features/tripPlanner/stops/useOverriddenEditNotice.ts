/**
 * Tells this member, in words, when another member's change made at the same time replaced theirs (issue 45 §3):
 * "Ana moved Astoria at the same time; their order was kept", with "Apply mine again", which writes this member's
 * values again as one change of theirs (one Undo takes it back). The notice is a toast (a status region screen
 * readers announce). The member is named by the awareness state of the client whose write was kept (the server sets
 * it to the signed-in user); after an offline merge that state may arrive just after the change, so it is waited for
 * a moment before falling back to "Another member".
 */
import { useEffect, useRef } from 'react';
import type { DocStop, PresenceState } from '@caravan/shared';
import type { OverriddenEdit, TripConnection } from '../../../lib/collab/tripConnection.ts';
import { useToastStore } from '../../../lib/toastStore.ts';
import { tripPageMessages } from '../messages.ts';
import { overriddenNotice } from './overriddenNotice.ts';

const text = tripPageMessages.overridden;
/** How long a notice waits for the awareness state that names the member whose change was kept. */
export const NAME_WAIT_MS = 1500;

/** The name of the member a client id belongs to, waiting up to NAME_WAIT_MS for their awareness state. */
function memberName(awareness: TripConnection['awareness'], clientId: number): Promise<string | null> {
  const read = () => (awareness.getStates().get(clientId) as PresenceState | undefined)?.user?.name ?? null;
  const now = read();
  if (now) return Promise.resolve(now);
  return new Promise((resolve) => {
    const done = (name: string | null) => {
      clearTimeout(timer);
      awareness.off('change', onChange);
      resolve(name);
    };
    const onChange = () => {
      const name = read();
      if (name) done(name);
    };
    const timer = setTimeout(() => done(null), NAME_WAIT_MS);
    awareness.on('change', onChange);
  });
}

export function useOverriddenEditNotice(connection: TripConnection | null, stops: readonly DocStop[]): void {
  const show = useToastStore((state) => state.show);
  const latest = useRef(stops);
  useEffect(() => {
    latest.current = stops;
  }, [stops]);

  useEffect(() => {
    if (!connection) return;
    let open = true;
    const stopName = (stopId: string) => latest.current.find((stop) => stop.id === stopId)?.name ?? '';
    const stopListening = connection.onOverridden((edits) => {
      const byClient = new Map<number, OverriddenEdit[]>();
      for (const edit of edits) byClient.set(edit.byClient, [...(byClient.get(edit.byClient) ?? []), edit]);
      for (const [clientId, theirs] of byClient) {
        void memberName(connection.awareness, clientId).then((name) => {
          if (!open) return;
          const { title, label } = overriddenNotice(theirs, name ?? text.someone, stopName);
          show(title, 'info', {
            label: text.applyMine,
            ariaLabel: label,
            altText: text.applyMineHint,
            onAction: () => (connection.applyMineAgain(theirs) ? show(text.appliedMine, 'success') : show(text.applyMineGone, 'info')),
          });
        });
      }
    });
    return () => {
      open = false;
      stopListening();
    };
  }, [connection, show]);
}

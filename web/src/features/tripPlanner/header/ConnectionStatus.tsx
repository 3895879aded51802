/**
 * The live connection's line under the header: whether this device's edits are saved ("Saving…",
 * "Saved", "Offline — changes kept on this device", or that live editing is restarting on the server) and who
 * else is here. When the server refused this
 * device's edits for good, it says why and offers to discard them: kept, they would be sent and refused again
 * on every reload.
 */
import { memo } from 'react';
import { COLLAB_CLOSE } from '@caravan/shared';
import { SAVE_STATUS_TEXT, type PresentUser, type TripConnectionStatus } from '../../../lib/collab/tripConnection.ts';
import { tripPageMessages } from '../messages.ts';
import { PresenceAvatars } from './PresenceAvatars.tsx';

interface Props {
  status: TripConnectionStatus;
  users: PresentUser[];
  onDiscardEdits: () => void;
}

export const ConnectionStatus = memo(function ConnectionStatus({ status, users, onDiscardEdits }: Props) {
  const closed = status.closedReason;
  const refused = closed?.code === COLLAB_CLOSE.writeRefused;
  const restarting = status.save === 'offline' && status.liveEditingRestarting;
  const text = refused
    ? tripPageMessages.editsRefused(closed.reason)
    : closed
      ? tripPageMessages.disconnected
      : restarting
        ? tripPageMessages.liveEditingRestarting
        : SAVE_STATUS_TEXT[status.save];
  return (
    <div className="connection-status">
      <p role="status" aria-label={tripPageMessages.liveStatus} className={`save-status save-${status.save}`}>
        {text}
      </p>
      {refused && (
        <button type="button" className="button small" onClick={onDiscardEdits}>
          {tripPageMessages.discardEdits}
        </button>
      )}
      <PresenceAvatars users={users} />
    </div>
  );
});

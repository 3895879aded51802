/**
 * The live connection's line under the header: whether this device's edits are saved ("Saving…",
 * "Saved", "Offline — changes kept on this device") and who else is here.
 */
import { memo } from 'react';
import { SAVE_STATUS_TEXT, type PresentUser, type TripConnectionStatus } from '../../../lib/collab/tripConnection.ts';
import { tripPageMessages } from '../messages.ts';
import { PresenceAvatars } from './PresenceAvatars.tsx';

export const ConnectionStatus = memo(function ConnectionStatus({ status, users }: { status: TripConnectionStatus; users: PresentUser[] }) {
  return (
    <div className="connection-status">
      <p role="status" aria-label={tripPageMessages.liveStatus} className={`save-status save-${status.save}`}>
        {status.closedReason ? tripPageMessages.disconnected : SAVE_STATUS_TEXT[status.save]}
      </p>
      <PresenceAvatars users={users} />
    </div>
  );
});

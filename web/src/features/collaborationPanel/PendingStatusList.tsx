/** Pending invitations by status: active, 'Expires Soon' (under 24 hours left) or 'Expired' with its note. */
import type { UseQueryResult } from '@tanstack/react-query';
import type { TInvitation } from '@caravan/shared';
import { errorMessage } from '../../lib/api.ts';
import { tripMessages } from '../../lib/messages/tripMessages.ts';
import { invitationState } from './invitationState.ts';
import { ListStates, queryListState } from './ListStates.tsx';
import { collabPanelMessages } from './messages.ts';

const text = collabPanelMessages;
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const BADGE = {
  expired: { label: text.expired, className: 'badge invitation-expired' },
  'expires-soon': { label: text.expiresSoon, className: 'badge invitation-soon' },
  active: { label: text.active, className: 'badge active' },
} as const;

export function PendingStatusList({ query }: { query: UseQueryResult<TInvitation[]> }) {
  return (
    <div>
      <p className="muted small">{text.statusDescription}</p>
      <ListStates
        state={queryListState(query)}
        skeleton={{ rows: 2, label: text.loadingInvitations }}
        errorText={(error) => `${text.pendingError} ${errorMessage(error, tripMessages.unknownError)}`}
        empty={
          <div className="collab-empty">
            <p className="collab-empty-title">{text.noPending}</p>
            <p className="muted small">{text.noPendingBody}</p>
          </div>
        }
      >
        {(items) => (
          <ul className="collab-list">
            {items.map((invitation) => {
              const state = invitationState(invitation.expiresAt);
              return (
                <li key={invitation.id} className={`collab-item invitation-${state}`}>
                  <div className="collab-item-text">
                    <span className="collab-item-title">{invitation.invitedEmail}</span>
                    <span className="muted small">
                      {text.invitedAs(tripMessages.roles[invitation.role], invitation.invitedBy.displayName)} ·{' '}
                      {text.expiresOn(dateTime.format(new Date(invitation.expiresAt)))}
                    </span>
                    {state === 'expired' && <span className="small invitation-note">{text.expiredNote}</span>}
                  </div>
                  <span className={BADGE[state].className}>{BADGE[state].label}</span>
                </li>
              );
            })}
          </ul>
        )}
      </ListStates>
    </div>
  );
}

/** Pending invitations by status: active, 'Expires Soon' (under 24 hours left) or 'Expired' with its note. */
import type { UseQueryResult } from '@tanstack/react-query';
import type { TInvitation } from '@caravan/shared';
import { SkeletonRows } from '../../components/SkeletonRows.tsx';
import { errorMessage } from '../../lib/api.ts';
import { tripMessages } from '../../lib/messages/tripMessages.ts';
import { invitationState } from './invitationState.ts';
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
      {query.isPending && <SkeletonRows count={2} label={text.loadingInvitations} />}
      {query.isError && (
        <p role="alert" className="error-text">
          {text.pendingError} {errorMessage(query.error, tripMessages.unknownError)}
        </p>
      )}
      {query.data?.length === 0 && (
        <div className="collab-empty">
          <p className="collab-empty-title">{text.noPending}</p>
          <p className="muted small">{text.noPendingBody}</p>
        </div>
      )}
      {query.data && query.data.length > 0 && (
        <ul className="collab-list">
          {query.data.map((invitation) => {
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
    </div>
  );
}

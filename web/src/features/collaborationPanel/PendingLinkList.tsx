/** Each pending invitation's link, {origin}/invitation/{token}, with a Copy button (docs/product.md#members). */
import type { UseQueryResult } from '@tanstack/react-query';
import type { TInvitation } from '@caravan/shared';
import { errorMessage } from '../../lib/api.ts';
import { tripMessages } from '../../lib/messages/tripMessages.ts';
import { CopyLinkButton } from './CopyLinkButton.tsx';
import { invitationLink, invitationState } from './invitationState.ts';
import { ListStates, queryListState } from './ListStates.tsx';
import { collabPanelMessages } from './messages.ts';

const text = collabPanelMessages;

export function PendingLinkList({ query }: { query: UseQueryResult<TInvitation[]> }) {
  return (
    <div>
      <p className="muted small">{text.linkDescription}</p>
      <ListStates
        state={queryListState(query)}
        skeleton={{ rows: 2, label: text.loadingInvitations }}
        errorText={(error) => `${text.linksError} ${errorMessage(error, tripMessages.unknownError)}`}
        empty={
          <div className="collab-empty">
            <p className="collab-empty-title">{text.noLinks}</p>
            <p className="muted small">{text.noLinksHint}</p>
          </div>
        }
      >
        {(items) => (
          <ul className="collab-list">
            {items.map((invitation) => {
              const link = invitationLink(invitation.invitationToken);
              const expired = invitationState(invitation.expiresAt) === 'expired';
              return (
                <li key={invitation.id} className="collab-item invitation-link">
                  <div className="collab-item-text">
                    <span className="collab-item-title">
                      {invitation.invitedEmail} {expired && <span className="badge invitation-expired">{text.expired}</span>}
                    </span>
                    <input readOnly value={link} aria-label={text.invitationLink(invitation.invitedEmail)} onFocus={(event) => event.currentTarget.select()} />
                  </div>
                  <CopyLinkButton link={link} email={invitation.invitedEmail} />
                </li>
              );
            })}
          </ul>
        )}
      </ListStates>
    </div>
  );
}

/**
 * One suggested stop: name, address, notes, who suggested it and when; while pending, every member's votes
 * with this member's own, and Approve / Deny beside them for owner and editors, and, when the stop would fit
 * better elsewhere than the end, "Approve where it fits best" saying where and what it adds.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  shortenAddress,
  stopPlacements,
  type DocStop,
  type PlacementKind,
  type SuggestionVote,
  type TReviewStatus,
  type VoteTally,
} from '@caravan/shared';
import { Avatar } from '../../components/Avatar.tsx';
import { errorMessage } from '../../lib/api.ts';
import { relativeTime } from '../../lib/relativeTime.ts';
import { useToast } from '../../lib/toastStore.ts';
import { tripKeys } from '../../lib/tripQueries.ts';
import { collabKeys, collaborationApi } from './collaborationApi.ts';
import { collabPanelMessages } from './messages.ts';
import { SuggestionVotes } from './SuggestionVotes.tsx';
import type { SuggestionView } from './useSuggestions.ts';

const text = collabPanelMessages;

interface ReviewButton {
  status: TReviewStatus;
  className: string;
  label: string;
  ariaLabel: (suggestionName: string) => string;
}

/** Approve first and primary, Deny beside it. */
const REVIEW_BUTTONS: ReadonlyArray<ReviewButton> = [
  { status: 'approved', className: 'button small primary', label: text.approve, ariaLabel: text.approveLabel },
  { status: 'denied', className: 'button small', label: text.deny, ariaLabel: text.denyLabel },
];

interface Props {
  tripId: string;
  suggestion: SuggestionView;
  canReview: boolean;
  /** Votes, for a pending suggestion: null tally while the live document is not open. */
  votes?: { tally: VoteTally | null; onVote: (vote: SuggestionVote) => void };
  /** The trip's stops, to say where the suggestion fits best (none: no such offer). */
  stops?: readonly DocStop[];
}

export function SuggestionRow({ tripId, suggestion, canReview, votes, stops = [] }: Props) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const place = { name: suggestion.name, latitude: suggestion.latitude ?? 0, longitude: suggestion.longitude ?? 0 };
  const { best, end } = stopPlacements(stops, place);
  const review = useMutation({
    mutationFn: ({ status, placement }: { status: TReviewStatus; placement: PlacementKind }) =>
      collaborationApi.review(tripId, suggestion.id, status, placement),
    onSuccess: (_result, { status }) => {
      toast.success(status === 'approved' ? text.approved(suggestion.name) : text.denied(suggestion.name));
      // Approving adds a stop: the trip refreshes; the lists follow the document or refetch.
      void queryClient.invalidateQueries({ queryKey: tripKeys.all(tripId) });
      void queryClient.invalidateQueries({ queryKey: collabKeys.allSuggestions(tripId) });
    },
    onError: (error) => toast.error(errorMessage(error, text.reviewFailed)),
  });

  return (
    <li className="collab-item suggestion-row">
      <Avatar name={suggestion.suggestedByDisplayName} url={suggestion.suggestedByAvatarUrl} />
      <div className="collab-item-text">
        <span className="collab-item-title">{suggestion.name}</span>
        {suggestion.address && <span className="muted small">{shortenAddress(suggestion.address)}</span>}
        {suggestion.notes && <span className="small suggestion-notes">{suggestion.notes}</span>}
        <span className="muted small">
          {text.suggestedBy(suggestion.suggestedByDisplayName)} · <time dateTime={suggestion.createdAt}>{relativeTime(suggestion.createdAt)}</time>
        </span>
      </div>
      {suggestion.status !== 'pending' && <span className={`badge suggestion-${suggestion.status}`}>{text.suggestionStatus[suggestion.status]}</span>}
      {suggestion.status === 'pending' && votes && <SuggestionVotes name={suggestion.name} tally={votes.tally} onVote={votes.onVote} />}
      {canReview && suggestion.status === 'pending' && (
        <div className="suggestion-actions">
          {REVIEW_BUTTONS.map(({ status, className, label, ariaLabel }) => (
            <button
              key={status}
              type="button"
              className={className}
              aria-label={ariaLabel(suggestion.name)}
              disabled={review.isPending}
              onClick={() => review.mutate({ status, placement: 'end' })}
            >
              {label}
            </button>
          ))}
          {best.index !== end.index && (
            <button
              type="button"
              className="button small"
              aria-describedby={`${suggestion.id}-fits`}
              disabled={review.isPending}
              onClick={() => review.mutate({ status: 'approved', placement: 'best' })}
            >
              {text.approveWhereFits}
            </button>
          )}
          {best.index !== end.index && (
            <small id={`${suggestion.id}-fits`} className="muted suggestion-fits">
              {text.fitsBest(best.after ?? '', best.before ?? '', best.addedMinutes, end.addedMinutes)}
            </small>
          )}
        </div>
      )}
    </li>
  );
}

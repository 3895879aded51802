/** Up and down votes on one pending suggestion: each count, and which one is this member's (pressed). */
import type { SuggestionVote, VoteTally } from '@caravan/shared';
import { decisionMessages as text } from './decisionMessages.ts';

interface Props {
  name: string;
  /** null while the live document is not open: the counts are not known yet. */
  tally: VoteTally | null;
  onVote: (vote: SuggestionVote) => void;
}

export function SuggestionVotes({ name, tally, onVote }: Props) {
  // The name starts with what shows (the count), so speech input finds the button by what it reads.
  const button = (vote: SuggestionVote, symbol: string, label: string) => (
    <button type="button" className="button small vote-button" aria-pressed={tally?.mine === vote} disabled={!tally} onClick={() => onVote(vote)}>
      <span aria-hidden="true">{symbol} </span>
      {tally?.[vote] ?? 0}
      <span className="visually-hidden"> {label}</span>
    </button>
  );
  return (
    <div className="suggestion-votes" role="group" aria-label={text.votesLabel(name)}>
      {button('up', '▲', text.voteUp(name))}
      {button('down', '▼', text.voteDown(name))}
    </div>
  );
}

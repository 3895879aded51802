/**
 * One poll: its question as a labelled group of options (one choice or several), each with its live count and
 * share; Vote, Take back and, for its creator or the owner, Close. A closed poll shows what won and takes no votes.
 */
import { useEffect, useState } from 'react';
import type * as Y from 'yjs';
import { canClosePoll, pollWinnerText, type PollView, type TTripRole } from '@caravan/shared';
import { relativeTime } from '../../lib/relativeTime.ts';
import { decisionMessages as text } from './decisionMessages.ts';
import { closePoll, setPollVote } from './useDecisions.ts';

interface Props {
  poll: PollView;
  doc: Y.Doc;
  role: TTripRole;
  userId: number;
  now: number;
}

function statusText(poll: PollView, now: number): string {
  if (!poll.open) return poll.results.leaders.length ? text.closedWon(pollWinnerText(poll)) : text.closed;
  return poll.closesAt ? text.closesIn(relativeTime(poll.closesAt, now)) : text.open;
}

export function PollCard({ poll, doc, role, userId, now }: Props) {
  const [choices, setChoices] = useState<number[]>(poll.results.mine);
  const [problem, setProblem] = useState<string | null>(null);
  const mine = poll.results.mine.join(',');
  // Follow this member's vote as stored (cast in another tab, or taken back).
  useEffect(() => setChoices(poll.results.mine), [mine]);
  const headingId = `poll-${poll.id}`;
  const { counts, voters } = poll.results;

  const pick = (index: number, checked: boolean) => {
    setProblem(null);
    setChoices(poll.multiple ? (checked ? [...choices, index] : choices.filter((choice) => choice !== index)) : [index]);
  };
  const vote = (event: React.FormEvent) => {
    event.preventDefault();
    if (choices.length === 0) return setProblem(text.pickOne);
    setPollVote(doc, userId, poll.id, choices);
  };

  return (
    <li className="collab-item poll-card">
      <form className="poll-form" onSubmit={vote} aria-labelledby={headingId}>
        <fieldset disabled={!poll.open}>
          <legend id={headingId} className="collab-item-title">
            {poll.question}
          </legend>
          <p className="muted small poll-status">
            {statusText(poll, now)} · {text.voters(voters)}
          </p>
          {poll.options.map((option, index) => {
            const percent = voters ? Math.round((counts[index] / voters) * 100) : 0;
            return (
              <label key={index} className="poll-option">
                <input
                  type={poll.multiple ? 'checkbox' : 'radio'}
                  name={headingId}
                  checked={choices.includes(index)}
                  onChange={(event) => pick(index, event.target.checked)}
                />
                <span className="poll-option-text">
                  {option}
                  {poll.results.mine.includes(index) && <span className="muted small"> {text.yourChoice}</span>}
                </span>
                <span className="muted small poll-count">{text.optionResult(counts[index], percent)}</span>
                <span className="poll-bar" aria-hidden="true">
                  <span style={{ width: `${percent}%` }} />
                </span>
              </label>
            );
          })}
          {problem && (
            <p className="form-error small" role="alert">
              {problem}
            </p>
          )}
        </fieldset>
        <div className="poll-actions">
          {poll.open && (
            <button type="submit" className="button small primary">
              {text.vote}
            </button>
          )}
          {poll.open && poll.results.mine.length > 0 && (
            <button type="button" className="button small" onClick={() => setPollVote(doc, userId, poll.id, [])}>
              {text.takeBack}
            </button>
          )}
          {poll.closedAt === null && canClosePoll(role, userId, poll) && (
            <button type="button" className="button small" aria-label={text.closeLabel(poll.question)} onClick={() => closePoll(doc, userId, poll)}>
              {text.close}
            </button>
          )}
        </div>
      </form>
    </li>
  );
}
